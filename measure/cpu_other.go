//go:build !unix

package measure

import "time"

// processCPU is not read here: the estimate stays at the present load.
func processCPU() (time.Duration, bool) { return 0, false }
