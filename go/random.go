// random.go — Generator: numpy's Generator API (random, uniform, normal, integers, permutation,
// shuffle, choice) over the ops.random.* operators, giving the same numbers as Python's
// ferrule.random.default_rng and C's ferrule/random.h for the same seed and calls.

package ferrule

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
)

// Generator is a random number generator whose state is two numbers: a seed and a counter of
// the calls made so far. Each method draws from stream Counter() of the seed (the seed and
// stream arguments of the ops.random.* operators, computed in libferrule) and then advances the
// counter by one, so the same calls on NewGenerator(42) give the same numbers in Go, Python
// (ferrule.random.default_rng(42)) and C (ferrule_generator_new(42)). A call that returns an
// error leaves the counter alone.
//
// A Generator is a value of two integers: copying it copies the state. It is not safe for
// concurrent use; give each goroutine its own (for example NewGenerator(seed + i)).
type Generator struct {
	seed, counter uint64
}

// NewGenerator returns a Generator for seed, at counter 0.
func NewGenerator(seed uint64) *Generator {
	return &Generator{seed: seed}
}

// NewGeneratorAt returns a Generator for seed that has made counter calls: it continues exactly
// where a Generator with that Seed() and Counter() left off (in any language).
func NewGeneratorAt(seed, counter uint64) *Generator {
	return &Generator{seed: seed, counter: counter}
}

// NewGeneratorFromEntropy returns a Generator whose seed is 64 bits of the operating system's
// entropy (crypto/rand); read it with Seed() to repeat the numbers later.
func NewGeneratorFromEntropy() (*Generator, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, newError(KindOSError, "NewGeneratorFromEntropy: cannot read entropy: %v", err)
	}
	return NewGenerator(binary.LittleEndian.Uint64(b[:])), nil
}

// Seed returns the generator's seed.
func (g *Generator) Seed() uint64 { return g.seed }

// Counter returns the number of calls made so far: the next call draws from this stream.
func (g *Generator) Counter() uint64 { return g.counter }

// String formats the state as Python's repr does: Generator(seed=42, counter=3).
func (g *Generator) String() string {
	return fmt.Sprintf("Generator(seed=%d, counter=%d)", g.seed, g.counter)
}

// draw calls op with the generator's seed and stream after the caller's options (which may not
// set them), and advances the counter when it succeeds.
func (g *Generator) draw(method string, op *opSpec, required []any, opts []Option) (*Tensor, error) {
	all := make([]Option, 0, len(opts)+2)
	for _, o := range opts {
		if o.name == "seed" || o.name == "stream" {
			return nil, newError(KindTypeError, "Generator.%s: option '%s' is the generator's own (make another Generator instead)", method, o.name)
		}
		all = append(all, o)
	}
	// The ABI carries signed 64-bit ints: the same bits as the unsigned state.
	all = append(all, Seed(int64(g.seed)), Stream(int64(g.counter)))
	t, err := op.tensor(op.call(required, nil, all))
	if err != nil {
		return nil, withContext(err, "in Generator.%s", method)
	}
	g.counter++
	return t, nil
}

// Random returns uniform floats in [0, 1) of the given shape (nil or empty: a 0-d tensor),
// float64 unless WithDType(Float32) is given.
func (g *Generator) Random(shape []int64, opts ...Option) (*Tensor, error) {
	return g.draw("Random", opRandomUniform, nil, append([]Option{Shape(orScalar(shape))}, opts...))
}

// Uniform returns uniform floats in [low, high) (finite bounds) of the given shape, float64
// unless WithDType(Float32) is given.
func (g *Generator) Uniform(low, high float64, shape []int64, opts ...Option) (*Tensor, error) {
	return g.draw("Uniform", opRandomUniform, nil, append([]Option{Low(low), High(high), Shape(orScalar(shape))}, opts...))
}

// Normal returns normal samples of mean loc and standard deviation scale (>= 0) of the given
// shape, float64 unless WithDType(Float32) is given.
func (g *Generator) Normal(loc, scale float64, shape []int64, opts ...Option) (*Tensor, error) {
	return g.draw("Normal", opRandomNormal, nil, append([]Option{Loc(loc), Scale(scale), Shape(orScalar(shape))}, opts...))
}

// Integers returns uniform integers in [low, high), or [low, high] with Endpoint(true), of the
// given shape: int64 unless WithDType names another integer dtype or Bool. An empty range or a
// bound outside the dtype is a ValueError.
func (g *Generator) Integers(low, high int64, shape []int64, opts ...Option) (*Tensor, error) {
	return g.draw("Integers", opRandomIntegers, []any{low}, append([]Option{High(high), Shape(orScalar(shape))}, opts...))
}

// Permutation returns a permutation of 0, 1, ..., n-1 (int64) when x is an integer n, else a
// permuted copy of the *Tensor x along Axis (default 0).
func (g *Generator) Permutation(x any, opts ...Option) (*Tensor, error) {
	return g.draw("Permutation", opRandomPermutation, []any{x}, opts)
}

// Shuffle shuffles the writable tensor x in place along Axis (default 0): it writes
// Permutation's copy back into x.
func (g *Generator) Shuffle(x *Tensor, opts ...Option) error {
	if x == nil {
		return newError(KindTypeError, "Generator.Shuffle: x is nil")
	}
	before := g.counter
	shuffled, err := g.draw("Shuffle", opRandomPermutation, []any{x}, opts)
	if err != nil {
		return err
	}
	defer shuffled.Close()
	if err := Setitem(x, Ellipsis, shuffled); err != nil {
		g.counter = before
		return withContext(err, "in Generator.Shuffle")
	}
	return nil
}

// Choice returns items drawn from a along Axis (from 0, 1, ..., a-1 when a is an integer):
// shape draws (nil or empty: one, without the axis). Replace(false) draws each item at most
// once; P(p) gives each item's probability (1-d, non-negative, summing to 1), and an item of
// probability 0 is never drawn.
func (g *Generator) Choice(a any, shape []int64, opts ...Option) (*Tensor, error) {
	return g.draw("Choice", opRandomChoice, []any{a}, append([]Option{Shape(orScalar(shape))}, opts...))
}

// orScalar is shape, or the empty shape (a 0-d result) for nil.
func orScalar(shape []int64) []int64 {
	if shape == nil {
		return []int64{}
	}
	return shape
}
