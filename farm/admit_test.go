package farm

import "testing"

// TestAdmit: which batch a free slot of a two-slot worker may take a job
// of, regular or extra, given the batches listed and the games in hand.
func TestAdmit(t *testing.T) {
	tests := []struct {
		name  string
		names []string
		busy  map[string]int
		batch string
		extra bool
		want  bool
	}{
		{"idle, regular slot", []string{"H"}, nil, "H", false, true},
		{"idle, extra slot rests", []string{"H"}, nil, "H", true, false},
		{"one slot free, any batch", []string{"H", "Q"}, map[string]int{"H": 1}, "H", false, true},
		{"new batch while one holds every slot", []string{"H", "Q"}, map[string]int{"H": 2}, "Q", true, true},
		{"not for the batch above its share", []string{"H", "Q"}, map[string]int{"H": 2}, "H", true, false},
		{"not beyond the new batch's share", []string{"H", "Q"}, map[string]int{"H": 2, "Q": 1}, "Q", true, false},
		{"a freed slot waits while extra games run", []string{"H", "Q"}, map[string]int{"H": 1, "Q": 1}, "H", false, false},
		{"alone: nobody to be fair to", []string{"H"}, map[string]int{"H": 2}, "H", true, false},
		{"third batch, share one slot", []string{"H", "Q", "R"}, map[string]int{"H": 2, "Q": 1}, "R", true, true},
		{"never beyond twice the slots", []string{"H", "Q", "R"}, map[string]int{"H": 3, "Q": 1}, "R", true, false},
	}
	for _, tt := range tests {
		w := &Worker{cfg: WorkerConfig{Concurrency: 2}, names: tt.names, busy: map[string]int{}}
		for b, n := range tt.busy {
			w.busy[b] = n
		}
		before := w.busy[tt.batch]
		if got := w.admit(tt.batch, tt.extra); got != tt.want {
			t.Errorf("%s: admit(%s) = %v, want %v", tt.name, tt.batch, got, tt.want)
		} else if want := before + map[bool]int{true: 1}[got]; w.busy[tt.batch] != want {
			t.Errorf("%s: %s holds %d slots after admit, want %d", tt.name, tt.batch, w.busy[tt.batch], want)
		}
	}
}
