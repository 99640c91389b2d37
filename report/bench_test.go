package report

import (
	"testing"
	"time"
)

// BenchmarkRender renders all three formats of the example batch.
func BenchmarkRender(b *testing.B) {
	a, err := exampleAnalysis()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r, err := New(Input{Name: "x", File: "x.json", Wall: time.Minute, Analysis: a})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.JSON(); err != nil {
			b.Fatal(err)
		}
		r.Markdown()
		if _, err := r.HTML(); err != nil {
			b.Fatal(err)
		}
	}
}
