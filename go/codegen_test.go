package ferrule

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The Go emitter keeps a list of the hand-written exported identifiers so generated names never
// collide with them; it must match this package, generated files (*_gen.go) aside. The generator
// itself lists them (`ferrule-codegen --list-hand-written`).
func TestEmitterKnowsHandWrittenNames(t *testing.T) {
	if _, err := os.Stat("../crates/ferrule-codegen"); err != nil {
		t.Skipf("the generator is not here (a copy of the module outside the repository): %v", err)
	}
	cmd := exec.Command("cargo", "run", "--release", "--quiet", "-p", "ferrule-codegen", "--", "--list-hand-written")
	cmd.Dir = ".."
	cmd.Stderr = os.Stderr
	listing, err := cmd.Output()
	if err != nil {
		t.Fatalf("ferrule-codegen --list-hand-written: %v", err)
	}
	listed := strings.Fields(string(listing))
	if len(listed) == 0 {
		t.Fatal("ferrule-codegen --list-hand-written printed no names")
	}
	slices.Sort(listed)

	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go") && !strings.HasSuffix(fi.Name(), "_gen.go")
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
		t.Fatalf("HAND_WRITTEN in crates/ferrule-codegen/src/emit_go.rs is stale:\n listed:   %v\n exported: %v", listed, exported)
	}
}
