package ferrule

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The Go emitter (crates/ferrule-codegen/src/emit_go.rs) keeps a list of the hand-written
// exported identifiers so generated names never collide with them; it must match this package.
func TestEmitterKnowsHandWrittenNames(t *testing.T) {
	src, err := os.ReadFile("../crates/ferrule-codegen/src/emit_go.rs")
	if err != nil {
		t.Skipf("emitter source not found: %v", err)
	}
	text := string(src)
	start := strings.Index(text, "const HAND_WRITTEN")
	end := strings.Index(text[start:], "];")
	if start < 0 || end < 0 {
		t.Fatal("HAND_WRITTEN not found in emit_go.rs")
	}
	var listed []string
	for _, m := range regexp.MustCompile(`"([A-Za-z0-9_]+)"`).FindAllStringSubmatch(text[start:start+end], -1) {
		listed = append(listed, m[1])
	}
	slices.Sort(listed)

	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go") && fi.Name() != "ops_gen.go"
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var exported []string
	for _, file := range pkgs["ferrule"].Files {
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					exported = append(exported, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported = append(exported, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								exported = append(exported, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(exported)
	exported = slices.Compact(exported)
	if !slices.Equal(listed, exported) {
		t.Fatalf("emit_go.rs HAND_WRITTEN is stale:\n listed:   %v\n exported: %v", listed, exported)
	}
}
