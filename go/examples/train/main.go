// Command train trains the 64-64-10 MLP of examples/python/train_digits.py from Go: the same
// digits split and the same initial weights (both written by the Python example), ferrule's
// autograd, cross-entropy and Adam, and a line per epoch with the loss and held-out accuracy.
// It fails (exit 1) below 95% accuracy.
//
// Run from go/ after the Python example has written the data (`make demo` does both):
//
//	../.venv/bin/python ../examples/python/train_digits.py --export ../target/demo/digits.json
//	go run -tags ferrule_intree ./examples/train -data ../target/demo/digits.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

// array is a tensor as the Python example writes it: shape and row-major values.
type array struct {
	Shape []int64   `json:"shape"`
	Data  []float64 `json:"data"`
}

// dataset is the file train_digits.py --export writes.
type dataset struct {
	XTrain array            `json:"x_train"`
	YTrain []int64          `json:"y_train"`
	XTest  array            `json:"x_test"`
	YTest  []int64          `json:"y_test"`
	Init   map[string]array `json:"init"` // w1, b1, w2, b2
	LR     float64          `json:"lr"`
}

func main() {
	dataPath := flag.String("data", "../target/demo/digits.json", "the split and initial weights written by train_digits.py --export")
	epochs := flag.Int("epochs", 30, "passes over the training set")
	batch := flag.Int("batch", 32, "examples per step")
	curve := flag.String("curve", "", "write the per-epoch losses to this JSON file")
	flag.Parse()
	if err := run(*dataPath, *epochs, *batch, *curve); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func float32s(values []float64) []float32 {
	out := make([]float32, len(values))
	for i, v := range values {
		out[i] = float32(v)
	}
	return out
}

// scope closes the tensors of one step when it ends: Go's collector does not see native
// memory, so a training loop frees its intermediates as it goes.
type scope []*ferrule.Tensor

func (s *scope) keep(t *ferrule.Tensor, err error) (*ferrule.Tensor, error) {
	if t != nil {
		*s = append(*s, t)
	}
	return t, err
}

func (s *scope) close() {
	for _, t := range *s {
		t.Close()
	}
	*s = (*s)[:0]
}

// forward is relu(x @ w1 + b1) @ w2 + b2; the intermediates go to s.
func forward(s *scope, p []*ferrule.Tensor, x *ferrule.Tensor) (*ferrule.Tensor, error) {
	h, err := s.keep(ferrule.Matmul(x, p[0]))
	if err == nil {
		h, err = s.keep(ferrule.Add(h, p[1]))
	}
	if err == nil {
		h, err = s.keep(ferrule.NnRelu(h))
	}
	if err == nil {
		h, err = s.keep(ferrule.Matmul(h, p[2]))
	}
	if err == nil {
		h, err = s.keep(ferrule.Add(h, p[3]))
	}
	return h, err
}

// accuracy is the share of x's rows whose largest logit is the label's.
func accuracy(p []*ferrule.Tensor, x *ferrule.Tensor, labels []int64) (float64, error) {
	var s scope
	defer s.close()
	var logits []float32
	err := ferrule.NoGrad(func() error {
		out, err := forward(&s, p, x)
		if err == nil {
			logits, err = out.Float32s()
		}
		return err
	})
	if err != nil {
		return 0, err
	}
	classes := len(logits) / len(labels)
	right := 0
	for i, label := range labels {
		row := logits[i*classes : (i+1)*classes]
		best := 0
		for k := range row {
			if row[k] > row[best] {
				best = k
			}
		}
		if int64(best) == label {
			right++
		}
	}
	return float64(right) / float64(len(labels)), nil
}

func run(dataPath string, epochs, batch int, curvePath string) error {
	raw, err := os.ReadFile(dataPath)
	if err != nil {
		return fmt.Errorf("%w (write it with: .venv/bin/python examples/python/train_digits.py --export %s)", err, dataPath)
	}
	var data dataset
	if err := json.Unmarshal(raw, &data); err != nil {
		return fmt.Errorf("%s: %w", dataPath, err)
	}
	params := make([]*ferrule.Tensor, 4)
	for i, name := range []string{"w1", "b1", "w2", "b2"} {
		a := data.Init[name]
		if params[i], err = ferrule.FromFloat32s(float32s(a.Data), a.Shape...); err != nil {
			return fmt.Errorf("initial %s: %w", name, err)
		}
		if err := params[i].SetRequiresGrad(true); err != nil {
			return err
		}
	}
	opt, err := ferrule.NewAdam(params, data.LR, ferrule.DefaultAdamOptions())
	if err != nil {
		return err
	}
	features := data.XTrain.Shape[1]
	train := float32s(data.XTrain.Data)
	test, err := ferrule.FromFloat32s(float32s(data.XTest.Data), data.XTest.Shape...)
	if err != nil {
		return err
	}
	n := len(data.YTrain)
	rng := rand.New(rand.NewPCG(0, 0))
	xb := make([]float32, 0, batch*int(features))
	yb := make([]int64, 0, batch)
	var losses []float64
	var step scope
	for epoch := 1; epoch <= epochs; epoch++ {
		start := time.Now()
		order := rng.Perm(n)
		total, batches := 0.0, 0
		for i := 0; i < n; i += batch {
			xb, yb = xb[:0], yb[:0]
			for _, k := range order[i:min(i+batch, n)] {
				xb = append(xb, train[k*int(features):(k+1)*int(features)]...)
				yb = append(yb, data.YTrain[k])
			}
			loss, err := trainStep(&step, opt, params, xb, yb, features)
			step.close()
			if err != nil {
				return fmt.Errorf("epoch %d, step %d: %w", epoch, i/batch, err)
			}
			total += loss
			batches++
		}
		losses = append(losses, total/float64(batches))
		acc, err := accuracy(params, test, data.YTest)
		if err != nil {
			return err
		}
		fmt.Printf("epoch %2d  loss %.4f  held-out accuracy %.3f  %.2f s\n", epoch, losses[len(losses)-1], acc, time.Since(start).Seconds())
	}
	final, err := accuracy(params, test, data.YTest)
	if err != nil {
		return err
	}
	fmt.Printf("final held-out accuracy: %.3f on %d images\n", final, len(data.YTest))
	if curvePath != "" {
		out, err := json.Marshal(map[string]any{"language": "go", "loss": losses, "accuracy": final})
		if err == nil {
			err = os.WriteFile(curvePath, out, 0o644)
		}
		if err != nil {
			return err
		}
	}
	if final < 0.95 {
		return fmt.Errorf("accuracy %.3f is below 0.95", final)
	}
	return nil
}

// trainStep is one step: zero the gradients, the forward pass and the cross-entropy loss,
// backward, Adam's update. It returns the loss; the step's tensors go to s.
func trainStep(s *scope, opt ferrule.Optimizer, params []*ferrule.Tensor, xb []float32, yb []int64, features int64) (float64, error) {
	x, err := s.keep(ferrule.FromFloat32s(xb, int64(len(yb)), features))
	if err != nil {
		return 0, err
	}
	y, err := s.keep(ferrule.FromInt64s(yb))
	if err != nil {
		return 0, err
	}
	if err := opt.ZeroGrad(); err != nil {
		return 0, err
	}
	logits, err := forward(s, params, x)
	if err != nil {
		return 0, err
	}
	loss, err := s.keep(ferrule.NnCrossEntropy(logits, y))
	if err != nil {
		return 0, err
	}
	if err := loss.Backward(); err != nil {
		return 0, err
	}
	if err := opt.Step(); err != nil {
		return 0, err
	}
	value, err := loss.Float32s()
	if err != nil {
		return 0, err
	}
	return float64(value[0]), nil
}
