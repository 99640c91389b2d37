package childproc

import (
	"os/exec"
	"syscall"
)

// DieWithParent has the kernel kill cmd's process when the thread that
// started it ends (with a Go test binary: when the binary dies, a timeout
// or the OOM killer included, where t.Cleanup never runs). Call it before
// cmd.Start.
func DieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
