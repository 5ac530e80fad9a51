package ferrule

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// chromeTrace is the part of the trace-event format the tests read.
type chromeTrace struct {
	TraceEvents []struct {
		Name string         `json:"name"`
		Cat  string         `json:"cat"`
		Ph   string         `json:"ph"`
		Tid  int64          `json:"tid"`
		Ts   float64        `json:"ts"`
		Dur  float64        `json:"dur"`
		Args map[string]any `json:"args"`
	} `json:"traceEvents"`
}

func TestProfileRecordsGoCallsInsideRanges(t *testing.T) {
	a, _ := FromFloat32s([]float32{1, 2, 3, 4}, 2, 2)
	defer a.Close()
	// calls made while no profile records are not in the next one
	if c, err := MM(a, a); err != nil {
		t.Fatal(err)
	} else {
		c.Close()
	}
	rec, err := Profile(func() error {
		return Record("step", func() error {
			c, err := MM(a, a)
			if err == nil {
				c.Close()
			}
			return err
		})
	}, RecordShapes)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	events, err := rec.Events()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range events {
		if e.Category != "pool" {
			names = append(names, e.Category+":"+e.Name)
		}
	}
	if got := strings.Join(names, " "); got != "range:step call:ops.mm op:mm" {
		t.Fatalf("events = %s", got)
	}
	step, call, op := events[0], events[1], events[2]
	if call.Frontend != "go" || step.Frontend != "" {
		t.Fatalf("frontends: call %q, range %q", call.Frontend, step.Frontend)
	}
	// nested on one thread: the range holds the call, the call the op
	if step.ThreadID != call.ThreadID || call.ThreadID != op.ThreadID {
		t.Fatalf("threads %d %d %d", step.ThreadID, call.ThreadID, op.ThreadID)
	}
	inside := func(in, out ProfileEvent) bool {
		return out.Start <= in.Start && in.Start+in.Duration <= out.Start+out.Duration
	}
	if !inside(call, step) || !inside(op, call) {
		t.Fatalf("not nested: %+v %+v %+v", step, call, op)
	}
	if !strings.HasPrefix(call.Thread, "Go ") {
		t.Fatalf("track name %q", call.Thread)
	}

	var buf bytes.Buffer
	if err := rec.WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var trace chromeTrace
	if err := json.Unmarshal(buf.Bytes(), &trace); err != nil {
		t.Fatalf("the trace is not JSON: %v", err)
	}
	sawShapes := false
	for _, e := range trace.TraceEvents {
		if e.Ph != "X" && e.Ph != "M" {
			t.Fatalf("event phase %q", e.Ph)
		}
		if e.Ph == "X" && e.Name == "mm" && e.Cat == "op" {
			shapes, _ := e.Args["shapes"].([]any)
			sawShapes = len(shapes) == 2 // x1 and x2, each [2, 2]
		}
	}
	if !sawShapes {
		t.Fatalf("no shapes on the op event: %s", buf.String())
	}
	table := rec.Table()
	if !strings.Contains(table, "ops.mm") || !strings.HasPrefix(table, "Name") {
		t.Fatalf("table:\n%s", table)
	}
	if _, err := rec.TableBy("fastest", 5); err == nil {
		t.Fatal("an unknown sort key was accepted")
	} else {
		wantError(t, err, "ValueError", "sort_by")
	}
}

func TestProfileRefusesASecondOne(t *testing.T) {
	var inner error
	rec, err := Profile(func() error {
		_, inner = Profile(func() error { return nil })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rec.Close()
	wantError(t, inner, "RuntimeError", "already recording")
	// and the profiler is free again afterwards
	rec, err = Profile(func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	rec.Close()
	if _, err := rec.Events(); err == nil {
		t.Fatal("a closed recording answered")
	}
}

func TestRecordRejectsNul(t *testing.T) {
	ran := false
	err := Record("a\x00b", func() error { ran = true; return nil })
	wantError(t, err, "ValueError", "Record")
	if ran {
		t.Fatal("fn ran")
	}
	// outside a profile, Record just runs fn
	if err := Record("idle", func() error { ran = true; return nil }); err != nil || !ran {
		t.Fatalf("Record outside a profile: %v, ran %v", err, ran)
	}
}
