package ferrule

// Index items for Getitem and Setitem, spelled as the packed index encoding reads them (the
// table in crates/ferrule-ops/src/index.rs). An index is one item or a []any of items, which is
// always a tuple: []any{0, 2} is numpy's x[0, 2]. An integer-array index is a []int64 (or a
// nested [][]int64, a []bool mask, an integer or bool *Tensor) inside that tuple, or a *Tensor
// alone: []any{[]int64{0, 2}} is numpy's x[[0, 2]]. A basic index (ints, slices, None, ...) may
// also be a string written as Python writes it inside x[...]: "1:3, ::-1", "..., None, 1".

// Ellipsis is the index item `...`: as many full slices as the other items leave.
const Ellipsis = "..."

// Slice is the index item start:stop:step. Each part is an integer, a 0-d integer *Tensor, or
// nil for the part left out (Slice(nil, nil, -1) is numpy's ::-1); a step of 0 is an error.
func Slice(start, stop, step any) map[string]any {
	return map[string]any{"slice": []any{start, stop, step}}
}
