//go:build !linux

package childproc

import "os/exec"

// DieWithParent does nothing where there is no parent-death signal.
func DieWithParent(cmd *exec.Cmd) {}
