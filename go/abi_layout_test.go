package ferrule

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The header's layout table: every struct's size and alignment and every field's offset and
// size as the C compiler lays out ferrule.h (tests/c/abi_table.c; `make abi-table` writes
// ../target/abi/layout.json, FERRULE_ABI_TABLE names another file).
type abiTable struct {
	Structs map[string]struct {
		Size   uintptr
		Align  uintptr
		Fields map[string]struct{ Offset, Size uintptr }
	}
}

func readABITable(t *testing.T) abiTable {
	t.Helper()
	path := os.Getenv("FERRULE_ABI_TABLE")
	if path == "" {
		if _, err := os.Stat("../include/ferrule/ferrule.h"); err != nil {
			t.Skipf("not in a ferrule checkout (no ../include/ferrule/ferrule.h): %v", err)
		}
		path = "../target/abi/layout.json"
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: `make abi-table` writes the header's layout table (make test does)", err)
	}
	var table abiTable
	if err := json.Unmarshal(text, &table); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return table
}

// TestCgoStructsMatchTheHeader compares every struct as cgo sees it with the table, field by
// field. cgo names an anonymous union (FerruleAny's payload) anonN, a byte array: it stands for
// the union members of the table that start at its offset, the largest of which is its size.
func TestCgoStructsMatchTheHeader(t *testing.T) {
	table := readABITable(t)
	types := cStructs()
	if len(types) != len(table.Structs) {
		t.Errorf("cgo structs listed: %d, structs in the header's table: %d", len(types), len(table.Structs))
	}
	for name, c := range table.Structs {
		ty, ok := types[name]
		if !ok {
			t.Errorf("%s: not listed in abi_layout.go", name)
			continue
		}
		// (cgo gives a union the alignment of a byte array, so a struct holding one is compared
		// by size and offsets only; anyValue, the Go mirror handed to C, is checked with its alignment.)
		_, hasUnion := ty.FieldByNameFunc(func(f string) bool { return strings.HasPrefix(f, "anon") })
		if ty.Size() != c.Size || (!hasUnion && uintptr(ty.Align()) != c.Align) {
			t.Errorf("%s: size %d align %d in cgo, %d and %d in C", name, ty.Size(), ty.Align(), c.Size, c.Align)
		}
		seen := map[string]bool{}
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			if strings.HasPrefix(f.Name, "anon") {
				var largest uintptr
				for field, cf := range c.Fields {
					if cf.Offset == f.Offset {
						seen[field] = true
						largest = max(largest, cf.Size)
					}
				}
				if largest != f.Type.Size() {
					t.Errorf("%s.%s (a union at %d): %d bytes in cgo, %d in C", name, f.Name, f.Offset, f.Type.Size(), largest)
				}
				continue
			}
			cf, ok := c.Fields[f.Name]
			if !ok {
				t.Errorf("%s.%s: not in the header's table", name, f.Name)
				continue
			}
			seen[f.Name] = true
			if f.Offset != cf.Offset || f.Type.Size() != cf.Size {
				t.Errorf("%s.%s: offset %d size %d in cgo, %d and %d in C", name, f.Name, f.Offset, f.Type.Size(), cf.Offset, cf.Size)
			}
		}
		for field := range c.Fields {
			if !seen[field] {
				t.Errorf("%s.%s: in the header but not in cgo's struct", name, field)
			}
		}
	}
}

// TestGoMirrorsMatchTheHeader compares the package's own Go structs that share a C struct's
// layout (anyValue is handed to C as FerruleAny; DType and Device have DLPack's layout) with the
// table, field by field.
func TestGoMirrorsMatchTheHeader(t *testing.T) {
	table := readABITable(t)
	mirrors := []struct {
		c      string
		goType reflect.Type
		fields map[string]string // Go field -> C field
	}{
		{"FerruleAny", reflect.TypeOf(anyValue{}), map[string]string{"typeIndex": "type_index", "smallLen": "small_len", "payload": "v_int64"}},
		{"DLDataType", reflect.TypeOf(DType{}), map[string]string{"Code": "code", "Bits": "bits", "Lanes": "lanes"}},
		{"DLDevice", reflect.TypeOf(Device{}), map[string]string{"Type": "device_type", "ID": "device_id"}},
	}
	for _, m := range mirrors {
		c := table.Structs[m.c]
		if m.goType.Size() != c.Size || uintptr(m.goType.Align()) != c.Align {
			t.Errorf("%s as %s: size %d align %d in Go, %d and %d in C", m.c, m.goType, m.goType.Size(), m.goType.Align(), c.Size, c.Align)
		}
		if m.goType.NumField() != len(m.fields) {
			t.Errorf("%s has %d fields, %d are mapped to %s", m.goType, m.goType.NumField(), len(m.fields), m.c)
		}
		for goName, cName := range m.fields {
			f, ok := m.goType.FieldByName(goName)
			cf, inC := c.Fields[cName]
			if !ok || !inC {
				t.Errorf("%s.%s or %s.%s does not exist", m.goType, goName, m.c, cName)
				continue
			}
			if f.Offset != cf.Offset || f.Type.Size() != cf.Size {
				t.Errorf("%s.%s: offset %d size %d in Go, %s.%s: %d and %d in C", m.goType, goName, f.Offset, f.Type.Size(), m.c, cName, cf.Offset, cf.Size)
			}
		}
	}
}
