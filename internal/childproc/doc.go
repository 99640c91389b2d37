// Package childproc ties a child process's life to its parent's where the
// system allows it: the tests that start workers and coordinators use it
// so that a test binary killed from outside leaves nothing running.
package childproc
