package repair

import (
	"context"
	"fmt"
	"sync"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/report"
)

// Measured is one file's measurement under one rung's settings.
type Measured struct {
	Report *report.Report
	// Workers counts the games each worker played.
	Workers map[string]int
	// Err is why the file could not be measured (an engine failure, a
	// batch that failed); Report is nil then.
	Err error
}

// MeasureFunc measures files under s, every file's batch submitted to the
// farm at once, and returns their measurements in the order given.
type MeasureFunc func(ctx context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error)

// Farm measures on a farm through m: one batch per file, all started
// together, so that every worker of the farm takes jobs of every
// candidate. The farm plays batches side by side (each sequential batch
// keeps a window of pairs in flight), so this needs no change to the
// plan or the protocol. A failed file is reported in its Measured; only
// a cancelled context fails the whole call.
func Farm(m *measure.Measurer) MeasureFunc {
	return func(ctx context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error) {
		out := make([]*Measured, len(files))
		var wg sync.WaitGroup
		for i, f := range files {
			wg.Go(func() { out[i] = measureOne(ctx, m, f, s) })
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return out, nil
	}
}

// measureOne plays f's batch and assesses it as measure does
// (Measurer.Assess), so that the report carries the games, the examples
// and the top rung's values. No verdict metric is exported: a candidate
// shares its name with the file it was made from.
func measureOne(ctx context.Context, m *measure.Measurer, f *measure.File, s measure.Settings) *Measured {
	o, err := m.Run(ctx, f, s, farm.Hooks{})
	if err != nil {
		return &Measured{Err: err}
	}
	if n := len(o.DeadLetters); n > 0 {
		d := o.DeadLetters[0]
		return &Measured{Err: fmt.Errorf("engine failure in %d games (game %d: %s)", n, d.Job.Game, d.Error)}
	}
	rep, _, err := m.Assess(f, s.Players, o.Results, o.DeadLetters, o.Elapsed)
	if err != nil {
		return &Measured{Err: err}
	}
	workers := map[string]int{}
	for _, r := range o.Results {
		workers[r.WorkerID]++
	}
	return &Measured{Report: rep, Workers: workers}
}
