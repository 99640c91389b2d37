package local

import (
	"errors"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestServerComplaints feeds the embedded server's log lines to the two
// hooks: what makes a store look damaged at startup, and what says its
// disk is full. An emptied stream state file (a full disk's leftover,
// rebuilt from the blocks) is neither.
func TestServerComplaints(t *testing.T) {
	for _, tc := range []struct {
		level         zerolog.Level
		msg           string
		damaged, full bool
	}{
		{zerolog.WarnLevel, "Filestore [BF_RESULTS] Stream state too short (0 bytes)", false, false},
		{zerolog.WarnLevel, "Filestore [BF_RESULTS] Recovering stream state from index errored: corrupt state file", false, false},
		{zerolog.WarnLevel, "Filestore [BF_RESULTS] indexCacheBuf corrupt record state in 1.blk: dlen 689753824", true, false},
		{zerolog.ErrorLevel, "JetStream failed to store a msg on stream '$G > BF_RESULTS': write 1.blk: no space left on device", true, true},
		{zerolog.ErrorLevel, "Filestore [BF_RESULTS] Critical write error: write 1.blk: no space left on device", true, true},
		{zerolog.WarnLevel, "no space left on device, retrying", false, false},
		{zerolog.InfoLevel, "Starting JetStream", false, false},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			var startup startupErrors
			var noSpace writeFailures
			startup.Run(nil, tc.level, tc.msg)
			noSpace.Run(nil, tc.level, tc.msg)
			if damaged := len(startup.lines()) > 0; damaged != tc.damaged {
				t.Errorf("read as damage: %v, want %v", damaged, tc.damaged)
			}
			if full := noSpace.first() != ""; full != tc.full {
				t.Errorf("read as a full disk: %v, want %v", full, tc.full)
			}
		})
	}
}

// TestRoomOnceTheServerComplained: a farm whose server said its disk is
// full has no room, whatever the disk reports free now.
func TestRoomOnceTheServerComplained(t *testing.T) {
	f := &Farm{StateDir: t.TempDir(), noSpace: &writeFailures{}}
	if err := f.Room(); err != nil {
		t.Fatalf("a roomy temporary directory: %v", err)
	}
	said := "Filestore [BF_RESULTS] Critical write error: no space left on device"
	f.noSpace.Run(nil, zerolog.ErrorLevel, said)
	var full *DiskFullError
	if err := f.Room(); !errors.As(err, &full) || !strings.Contains(err.Error(), said) || !strings.Contains(err.Error(), f.StateDir) {
		t.Fatalf("after the server's complaint: %v, want a DiskFullError naming the directory and quoting it", err)
	}
}
