package search

import (
	"fmt"
	"testing"
)

// TestISMCTSNodeChildLookup adds children past the point where a node
// indexes them and checks that each is found, in order, and that a move
// not added is not.
func TestISMCTSNodeChildLookup(t *testing.T) {
	n := &ismctsNode{}
	for i := range 3 * ismctsIndexFrom {
		name := fmt.Sprintf("m%d", i)
		if n.child(name) != nil {
			t.Fatalf("%s found before it was added", name)
		}
		n.addChild(&ismctsNode{move: name, parent: n})
		for j := 0; j <= i; j++ {
			want := fmt.Sprintf("m%d", j)
			if c := n.child(want); c == nil || c.move != want || n.children[j] != c {
				t.Fatalf("after %d children: %s not found in place", i+1, want)
			}
		}
	}
	if n.byMove == nil {
		t.Fatal("no index after many children")
	}
	if n.child("nothing") != nil {
		t.Fatal("a move never added was found")
	}
}
