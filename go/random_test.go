package ferrule

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// rngFixture is tests/data/rng-seed42.json, written by tools/gen_rng_fixture.py from Python.
type rngFixture struct {
	Seed         uint64 `json:"seed"`
	FinalCounter uint64 `json:"final_counter"`
	Calls        []struct {
		ID     string        `json:"id"`
		DType  string        `json:"dtype"`
		Shape  []int64       `json:"shape"`
		Values []json.Number `json:"values"`
	} `json:"calls"`
}

func loadRNGFixture(t *testing.T) rngFixture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "tests", "data", "rng-seed42.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f rngFixture
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	return f
}

// sameAsFixture checks x's dtype, shape and exact values against the fixture's entry i.
func sameAsFixture(t *testing.T, f rngFixture, i int, id string, x *Tensor) {
	t.Helper()
	want := f.Calls[i]
	if want.ID != id {
		t.Fatalf("call %d is %s in the fixture, %s here", i, want.ID, id)
	}
	defer x.Close()
	if x.DType().String() != want.DType || len(x.Shape()) != len(want.Shape) || len(want.Shape) > 0 && !reflect.DeepEqual(x.Shape(), want.Shape) {
		t.Fatalf("%s: %v %v, want %s %v", id, x.DType(), x.Shape(), want.DType, want.Shape)
	}
	// Floats compare by their bits, ints by value: exactly.
	var got []string
	switch x.DType() {
	case Float64:
		v, _ := x.Float64s()
		for _, e := range v {
			got = append(got, strconv.FormatUint(math.Float64bits(e), 16))
		}
	case Float32:
		v, _ := x.Float32s()
		for _, e := range v {
			got = append(got, strconv.FormatUint(math.Float64bits(float64(e)), 16))
		}
	case Int64:
		v, _ := x.Int64s()
		for _, e := range v {
			got = append(got, strconv.FormatInt(e, 10))
		}
	case Int32:
		v, _ := x.Int32s()
		for _, e := range v {
			got = append(got, strconv.FormatInt(int64(e), 10))
		}
	}
	var expected []string
	for _, n := range want.Values {
		if strings.HasPrefix(want.DType, "float") {
			v, err := strconv.ParseFloat(n.String(), 64)
			if err != nil {
				t.Fatal(err)
			}
			expected = append(expected, strconv.FormatUint(math.Float64bits(v), 16))
		} else {
			expected = append(expected, n.String())
		}
	}
	if !reflect.DeepEqual(got, expected) {
		t.Errorf("%s: got %v, the fixture has %v", id, got, expected)
	}
}

// The calls of tools/gen_rng_fixture.py, in the same order on one Generator, give bit for bit
// the numbers Python wrote: one implementation in libferrule, two integers of state here.
func TestGeneratorSameNumbersAsPython(t *testing.T) {
	f := loadRNGFixture(t)
	g := NewGenerator(f.Seed)
	must := func(x *Tensor, err error) *Tensor {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	sameAsFixture(t, f, 0, "random_f64", must(g.Random([]int64{5})))
	sameAsFixture(t, f, 1, "random_f32", must(g.Random([]int64{2, 2}, WithDType(Float32))))
	sameAsFixture(t, f, 2, "uniform_f64", must(g.Uniform(-2, 3, []int64{2, 3})))
	sameAsFixture(t, f, 3, "uniform_f32", must(g.Uniform(0.5, 1.5, []int64{4}, WithDType(Float32))))
	sameAsFixture(t, f, 4, "normal_f64", must(g.Normal(1, 2, []int64{5})))
	sameAsFixture(t, f, 5, "normal_f32", must(g.Normal(0, 1, []int64{3}, WithDType(Float32))))
	sameAsFixture(t, f, 6, "integers_i64", must(g.Integers(0, 10, []int64{8})))
	sameAsFixture(t, f, 7, "integers_i32", must(g.Integers(-5, 5, []int64{2, 2}, WithDType(Int32), Endpoint(true))))
	sameAsFixture(t, f, 8, "permutation_n", must(g.Permutation(int64(10))))
	grid := must(Reshape(must(Arange(12.0)), []int64{3, 4}))
	defer grid.Close()
	sameAsFixture(t, f, 9, "permutation_x", must(g.Permutation(grid, Axis(int64(1)))))
	x := must(Arange(6.0))
	if err := g.Shuffle(x); err != nil {
		t.Fatal(err)
	}
	sameAsFixture(t, f, 10, "shuffle", x)
	sameAsFixture(t, f, 11, "choice_n", must(g.Choice(int64(5), []int64{6})))
	tens := must(Arange(10.0))
	defer tens.Close()
	sameAsFixture(t, f, 12, "choice_x", must(g.Choice(tens, []int64{4}, Replace(false))))
	p4 := must(FromFloat64s([]float64{0.1, 0, 0.6, 0.3}, 4))
	defer p4.Close()
	sameAsFixture(t, f, 13, "choice_p", must(g.Choice(int64(4), []int64{8}, P(p4))))
	p5 := must(FromFloat64s([]float64{0.1, 0.2, 0.3, 0.4, 0}, 5))
	defer p5.Close()
	sameAsFixture(t, f, 14, "choice_p_distinct", must(g.Choice(int64(5), []int64{3}, Replace(false), P(p5))))
	if len(f.Calls) != 15 || g.Counter() != f.FinalCounter {
		t.Errorf("%d calls, counter %d; the fixture has %d calls, counter %d", len(f.Calls), g.Counter(), len(f.Calls), f.FinalCounter)
	}
	if g.String() != "Generator(seed=42, counter=15)" {
		t.Errorf("String() = %s", g)
	}
}

// A failed call leaves the counter alone; NewGeneratorAt continues a generator's numbers; the
// errors name the op (or the method) and the argument; the seed and stream are the generator's.
func TestGeneratorStateAndErrors(t *testing.T) {
	g := NewGenerator(^uint64(0))
	a, err := g.Normal(0, 1, []int64{4})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	_, err = g.Integers(3, 3, []int64{2})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindValueError || !strings.Contains(err.Error(), "random.integers") {
		t.Errorf("Integers(3, 3): %v", err)
	}
	if _, err := g.Uniform(0, 1, nil, WithDType(Int32)); !errors.As(err, &e) || e.Kind != KindTypeError {
		t.Errorf("Uniform with int32: %v", err)
	}
	if _, err := g.Random(nil, Seed(1)); err == nil || !strings.Contains(err.Error(), "Generator.Random") {
		t.Errorf("Random with Seed: %v", err)
	}
	if err := g.Shuffle(nil); err == nil {
		t.Error("Shuffle(nil) succeeded")
	}
	if g.Counter() != 1 || g.Seed() != ^uint64(0) {
		t.Fatalf("state %s after failed calls", g)
	}
	h := NewGeneratorAt(g.Seed(), g.Counter())
	x, err := g.Normal(0, 1, []int64{6})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	y, err := h.Normal(0, 1, []int64{6})
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	xv, _ := x.Float64s()
	yv, _ := y.Float64s()
	if !reflect.DeepEqual(xv, yv) {
		t.Errorf("restored generator: %v, want %v", yv, xv)
	}
	s, err := g.Random(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Shape()) != 0 {
		t.Errorf("Random(nil) has shape %v, want a 0-d tensor", s.Shape())
	}
	r, err := NewGeneratorFromEntropy()
	if err != nil {
		t.Fatal(err)
	}
	if r.Counter() != 0 {
		t.Errorf("fresh generator at counter %d", r.Counter())
	}
}

// Statistical sanity: a permutation holds every value once; integers stay in range and reach
// both ends; choice with p never draws an item of probability 0.
func TestGeneratorSanity(t *testing.T) {
	g := NewGenerator(7)
	p, err := g.Permutation(int64(1000))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	v, _ := p.Int64s()
	seen := make([]bool, 1000)
	for _, i := range v {
		seen[i] = true
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("permutation misses %d", i)
		}
	}
	n, err := g.Integers(-2, 2, []int64{2000}, Endpoint(true))
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	iv, _ := n.Int64s()
	counts := map[int64]int{}
	for _, i := range iv {
		counts[i]++
	}
	if len(counts) != 5 || counts[-2] == 0 || counts[2] == 0 {
		t.Errorf("integers in [-2, 2]: %v", counts)
	}
	w, _ := FromFloat64s([]float64{0.5, 0, 0.5}, 3)
	defer w.Close()
	c, err := g.Choice(int64(3), []int64{500}, P(w))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cv, _ := c.Int64s()
	for _, i := range cv {
		if i == 1 {
			t.Fatal("choice drew an item of probability 0")
		}
	}
}
