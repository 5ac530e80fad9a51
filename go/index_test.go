package ferrule

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// arange12 is numpy's arange(12).reshape(3, 4) as int64.
func arange12(t *testing.T) *Tensor {
	t.Helper()
	data := make([]int64, 12)
	for i := range data {
		data[i] = int64(i)
	}
	x, err := FromInt64s(data, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.Close)
	return x
}

// getitem is Getitem with the result's shape and values (closed afterwards).
func getitem(t *testing.T, x *Tensor, index any) ([]int64, []int64) {
	t.Helper()
	got, err := Getitem(x, index)
	if err != nil {
		t.Fatalf("Getitem(%v): %v", index, err)
	}
	defer got.Close()
	values, err := got.Int64s()
	if err != nil {
		t.Fatal(err)
	}
	return got.Shape(), values
}

// A tuple index and an integer-array index stay distinct through the encoding: a top-level
// []any is a tuple (x[0, 2]), a []int64 inside it or a *Tensor is an integer array (x[[0, 2]]).
func TestGetitemTupleAndIntegerArrayAreDistinct(t *testing.T) {
	x := arange12(t)
	rows, err := FromInt64s([]int64{0, 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	mask, err := FromBools([]bool{true, false, true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer mask.Close()
	cases := []struct {
		name   string
		index  any
		shape  []int64
		values []int64
	}{
		{"x[0, 2]", []any{0, 2}, []int64{}, []int64{2}},
		{"x[[0, 2]] (a list in the tuple)", []any{[]int64{0, 2}}, []int64{2, 4}, []int64{0, 1, 2, 3, 8, 9, 10, 11}},
		{"x[[0, 2]] (a tensor)", rows, []int64{2, 4}, []int64{0, 1, 2, 3, 8, 9, 10, 11}},
		{"x[[1, 1]]", []any{[]int64{1, 1}}, []int64{2, 4}, []int64{4, 5, 6, 7, 4, 5, 6, 7}},
		{"x[[True, False, True]]", mask, []int64{2, 4}, []int64{0, 1, 2, 3, 8, 9, 10, 11}},
		{"x[[True, False, True]] (a list)", []any{[]bool{true, false, true}}, []int64{2, 4}, []int64{0, 1, 2, 3, 8, 9, 10, 11}},
		{"x[[[0, 1], [2, 2]], 0]", []any{[][]int64{{0, 1}, {2, 2}}, 0}, []int64{2, 2}, []int64{0, 4, 8, 8}},
		{"x[1:3, ::-1]", []any{Slice(1, 3, nil), Slice(nil, nil, -1)}, []int64{2, 4}, []int64{7, 6, 5, 4, 11, 10, 9, 8}},
		{"x[..., None, 1]", []any{Ellipsis, nil, 1}, []int64{3, 1}, []int64{1, 5, 9}},
		// advanced indices separated by None: their dims go first, as in numpy
		{"x[[0, 2], None, [3, 0]]", []any{[]int64{0, 2}, nil, []int64{3, 0}}, []int64{2, 1}, []int64{3, 8}},
		// a basic index written as text, as Python writes it inside x[...]
		{`"1:3, ::-1"`, "1:3, ::-1", []int64{2, 4}, []int64{7, 6, 5, 4, 11, 10, 9, 8}},
		{`"..., None, 1"`, "..., None, 1", []int64{3, 1}, []int64{1, 5, 9}},
		{`"1,"`, "1,", []int64{4}, []int64{4, 5, 6, 7}},
		{`"-1, 1::2"`, "-1, 1::2", []int64{2}, []int64{9, 11}},
	}
	for _, c := range cases {
		shape, values := getitem(t, x, c.index)
		if !slices.Equal(shape, c.shape) || !slices.Equal(values, c.values) {
			t.Errorf("%s: got shape %v values %v, want %v %v", c.name, shape, values, c.shape, c.values)
		}
	}
}

func TestGetitemErrorsNameTheItem(t *testing.T) {
	x := arange12(t)
	_, err := Getitem(x, []any{0, []int64{1, 9}})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindIndexError {
		t.Fatalf("got %v, want an IndexError", err)
	}
	for _, want := range []string{"getitem: item 1 of the index", "index 9 is out of bounds for axis 1 with size 4"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// Index text that does not read as a basic index is an IndexError naming the item.
func TestGetitemTextErrors(t *testing.T) {
	x := arange12(t)
	cases := []struct{ index, kind, says string }{
		{"1, two", KindIndexError, `item 1 of the index: cannot read "two" as an index item`},
		{"1:2:3:4", KindIndexError, "a slice has at most three parts"},
		{"::0", KindValueError, "slice step cannot be zero"},
		{"99999999999999999999", KindIndexError, "does not fit in int64"},
		{"5", KindIndexError, "index 5 is out of bounds for axis 0 with size 3"},
	}
	for _, c := range cases {
		_, err := Getitem(x, c.index)
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != c.kind || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Getitem(x, %q): got %v, want a %s saying %q", c.index, err, c.kind, c.says)
		}
	}
}

// Setitem with a list index writes the rows (numpy's b[[0, 2]] = 1), not the element b[0, 2].
func TestSetitemIntegerArray(t *testing.T) {
	x := arange12(t)
	if err := Setitem(x, []any{[]int64{0, 2}}, 1); err != nil {
		t.Fatal(err)
	}
	if err := Setitem(x, []any{1, 3}, -1); err != nil {
		t.Fatal(err)
	}
	got, err := x.Int64s()
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{1, 1, 1, 1, 4, 5, 6, -1, 1, 1, 1, 1}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
