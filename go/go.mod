module github.com/ferrule-dev/ferrule/go

go 1.24
