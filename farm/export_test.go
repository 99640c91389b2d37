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
