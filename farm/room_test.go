package farm

import (
	"errors"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
)

// TestNoRoom tells the server's refusals for want of room from others, as
// they reach a client (wrapped).
func TestNoRoom(t *testing.T) {
	apiErr := func(code jetstream.ErrorCode, desc string) error {
		return fmt.Errorf("publishing: %w", &jetstream.APIError{Code: 503, ErrorCode: code, Description: desc})
	}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"stream at its byte limit", apiErr(jsErrCodeStreamStoreFailed, "maximum bytes exceeded"), true},
		{"disk full", apiErr(jsErrCodeStreamStoreFailed, "write /data/1.blk: no space left on device"), true},
		{"server store exhausted", apiErr(jsErrCodeInsufficientResources, "insufficient resources"), true},
		{"no reservation possible", apiErr(jsErrCodeStorageResourcesExceeded, "insufficient storage resources available"), true},
		{"account limit", apiErr(jsErrCodeAccountResourcesExceeded, "resource limits exceeded for account"), true},
		{"other store failure", apiErr(jsErrCodeStreamStoreFailed, "maximum messages per subject exceeded"), false},
		{"message too large", apiErr(jetstream.JSErrCodeStreamMessageExceedsMaximum, "message size exceeds maximum allowed"), false},
		{"not an API error", errors.New("maximum bytes exceeded"), false},
		{"none", nil, false},
	}
	for _, tc := range tests {
		if got := noRoom(tc.err); got != tc.want {
			t.Errorf("%s: noRoom(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
