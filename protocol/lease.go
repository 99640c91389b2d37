package protocol

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// A farm key is the coordinators' shared secret (kept where workers cannot
// read it): batch ids, leases and seals are MACs under it, so a client with
// a worker's credentials can neither guess a batch's id before its jobs
// are published, nor answer a publication it did not pull, nor pass for a
// coordinator.

// KeyBytes is the length of a farm key.
const KeyBytes = 32

// NewKey returns a fresh random farm key.
func NewKey() []byte {
	k := make([]byte, KeyBytes)
	if _, err := rand.Read(k); err != nil {
		panic("protocol: no randomness: " + err.Error()) // crypto/rand does not fail on supported systems
	}
	return k
}

func mac(key []byte, parts ...string) []byte {
	h := hmac.New(sha256.New, key)
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum(nil)
}

// BatchID is the batch id of a plan under a farm key: equal plans share it
// (which is what lets a restarted coordinator resume), and nobody without
// the key can tell it from the plan.
func BatchID(key []byte, p Plan) string {
	return "b" + hex.EncodeToString(mac(key, "batch", string(Marshal(p)))[:12])
}

// leaseMACBytes is how much of the MAC a lease keeps: 128 bits.
const leaseMACBytes = 16

// MakeLease mints the lease of a new publication of a job: a random nonce
// and its MAC.
func MakeLease(key []byte, batch, job string) string {
	n := make([]byte, 8)
	if _, err := rand.Read(n); err != nil {
		panic("protocol: no randomness: " + err.Error())
	}
	nonce := hex.EncodeToString(n)
	return nonce + "." + hex.EncodeToString(mac(key, "lease", batch, job, nonce)[:leaseMACBytes])
}

// LeaseNonce is the nonce part of a lease (the whole string if it has no
// MAC part), which names the publication in message ids.
func LeaseNonce(lease string) string {
	nonce, _, _ := strings.Cut(lease, ".")
	return nonce
}

// CheckLease reports whether lease was minted under key for this job.
func CheckLease(key []byte, batch, job, lease string) bool {
	nonce, sum, ok := strings.Cut(lease, ".")
	if !ok || len(nonce) != 16 || len(sum) != 2*leaseMACBytes {
		return false
	}
	got, err := hex.DecodeString(sum)
	if err != nil {
		return false
	}
	return hmac.Equal(got, mac(key, "lease", batch, job, nonce)[:leaseMACBytes])
}

// Seal marks a record a coordinator wrote itself (a dead letter from an
// advisory, a verdict): a MAC over what the record says, which a worker
// cannot make.
func Seal(key []byte, kind, batch, job, lease, what string) string {
	return hex.EncodeToString(mac(key, "seal", kind, batch, job, lease, what)[:leaseMACBytes])
}

// CheckSeal reports whether seal is Seal of the same arguments.
func CheckSeal(key []byte, seal, kind, batch, job, lease, what string) bool {
	got, err := hex.DecodeString(seal)
	if err != nil || len(got) != leaseMACBytes {
		return false
	}
	return hmac.Equal(got, mac(key, "seal", kind, batch, job, lease, what)[:leaseMACBytes])
}

// Verdict is a coordinator's sealed ruling on one publication of a job
// that more than one record answered: none of those records counts, and
// every later run over the stream rules the same way.
type Verdict struct {
	V     int    `json:"v"`
	JobID string `json:"job_id"`
	// Lease is the publication ruled on.
	Lease string `json:"lease"`
	// Ruling is VerdictContested.
	Ruling string `json:"ruling"`
	// Records is how many records answered the publication.
	Records int    `json:"records"`
	Seal    string `json:"seal"`
}

// VerdictContested: the publication had more than one answer, so none
// counts and the job is published again.
const VerdictContested = "contested"
