package rules

import (
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkParse measures decoding and checking the five-by-five example.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("testdata/valid/five-by-five.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, problems := Parse(data); len(problems) != 0 {
			b.Fatal(problems)
		}
	}
}

// BenchmarkStdlibUnmarshal is a yardstick for BenchmarkParse on this
// machine: encoding/json reading the same file into generic values.
func BenchmarkStdlibUnmarshal(b *testing.B) {
	data, err := os.ReadFile("testdata/valid/five-by-five.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
