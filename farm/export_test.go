package farm

// SetAuditEvery audits one result in n after each worker's first, until
// the returned function puts the default back.
func SetAuditEvery(n int) (restore func()) {
	old := auditEvery
	auditEvery = n
	return func() { auditEvery = old }
}

// ContentDisposition is contentDisposition, for the download names' test.
var ContentDisposition = contentDisposition

// ErrWithdrawn is the cause a worker stops a game with when its job left
// the queue.
var ErrWithdrawn = errWithdrawn
