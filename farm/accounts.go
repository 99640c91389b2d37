package farm

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
)

// Role is what an account may do with the service's API.
type Role int

const (
	// RoleRead lists and reads every measurement, the queue and the
	// repairs; it posts and cancels nothing (a dashboard, KEDA).
	RoleRead Role = iota + 1
	// RoleSubmit posts measurements and repairs, lists its own
	// measurements, reads any by its id and cancels only its own.
	RoleSubmit
	// RoleAdmin may do everything, list and cancel anyone's measurement.
	RoleAdmin
)

var roleNames = map[Role]string{RoleRead: "read", RoleSubmit: "submit", RoleAdmin: "admin"}

func (r Role) String() string {
	if n, ok := roleNames[r]; ok {
		return n
	}
	return fmt.Sprintf("role(%d)", int(r))
}

// Account is one holder of a token: a user or a team.
type Account struct {
	Name string
	Role Role
	// hash is the SHA-256 of the account's token, compared in constant
	// time with that of the token a request carries.
	hash [sha256.Size]byte
}

// Accounts are the API's accounts. With none (OpenAccounts), every
// request is one admin account's.
type Accounts struct {
	list []Account
	// separate: each account's measurements are its own, even of the same
	// file and ladder (its name goes into their plans' salt); false for
	// the one account of a single -token-file, whose batches keep their
	// ids as before accounts.
	separate bool
}

// Names of the accounts serve makes without an accounts file.
const (
	// OpenAccount is everyone's account when the API has no token
	// (loopback only).
	OpenAccount = "local"
	// TokenAccount is the account of serve -token-file's one token.
	TokenAccount = "token"
)

// MinTokenLength is the shortest token an account may have.
const MinTokenLength = 16

// OpenAccounts lets every request through as one admin account.
func OpenAccounts() *Accounts { return &Accounts{} }

// SingleAccount is one admin account holding token (serve -token-file):
// whoever holds it may do everything, as before accounts.
func SingleAccount(token string) *Accounts {
	return &Accounts{list: []Account{{Name: TokenAccount, Role: RoleAdmin, hash: sha256.Sum256([]byte(token))}}}
}

var accountName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ParseAccounts reads an accounts file: one account a line, its name,
// its role (read, submit or admin) and its token, separated by blanks;
// blank lines and lines starting with # are skipped. Names and tokens
// are unique; a name is 1 to 64 letters, digits, '.', '_' or '-'; a
// token is one word of at least MinTokenLength characters.
func ParseAccounts(data []byte) (*Accounts, error) {
	a := &Accounts{separate: true}
	names, tokens := map[string]int{}, map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return nil, fmt.Errorf("line %d: want NAME ROLE TOKEN, got %d fields", n, len(fields))
		}
		name, roleName, token := fields[0], fields[1], fields[2]
		if !accountName.MatchString(name) {
			return nil, fmt.Errorf("line %d: account name %q: 1 to 64 letters, digits, '.', '_' or '-', not starting with a sign", n, name)
		}
		role := Role(0)
		for r, rn := range roleNames {
			if rn == roleName {
				role = r
			}
		}
		if role == 0 {
			return nil, fmt.Errorf("line %d: account %s: role %q is not read, submit or admin", n, name, roleName)
		}
		if len(token) < MinTokenLength {
			return nil, fmt.Errorf("line %d: account %s: a token is at least %d characters", n, name, MinTokenLength)
		}
		hash := sha256.Sum256([]byte(token))
		if prev, ok := names[name]; ok {
			return nil, fmt.Errorf("line %d: account %s is on line %d too", n, name, prev)
		}
		if prev, ok := tokens[hash]; ok {
			return nil, fmt.Errorf("line %d: account %s has the token of line %d", n, name, prev)
		}
		names[name], tokens[hash] = n, n
		a.list = append(a.list, Account{Name: name, Role: role, hash: hash})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(a.list) == 0 {
		return nil, fmt.Errorf("no accounts")
	}
	return a, nil
}

// ReadAccounts reads the accounts file at path (ParseAccounts).
func ReadAccounts(path string) (*Accounts, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	a, err := ParseAccounts(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return a, nil
}

// Open says whether the API takes requests without a token.
func (a *Accounts) Open() bool { return len(a.list) == 0 }

// Len is the number of accounts (0 when open).
func (a *Accounts) Len() int { return len(a.list) }

// find is the account whose token r carries as its bearer token, or
// whose session cookie it reads with. Every account's token is compared,
// so the time taken says nothing of which matched or how far.
func (a *Accounts) find(r *http.Request) (Account, bool) {
	if a.Open() {
		return Account{Name: OpenAccount, Role: RoleAdmin}, true
	}
	auth := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	hash := sha256.Sum256([]byte(token))
	found := -1
	for i := range a.list {
		if subtle.ConstantTimeCompare(hash[:], a.list[i].hash[:]) == 1 {
			found = i
		}
	}
	if ok && found >= 0 {
		return a.list[found], true
	}
	// A browser reads with the session cookie its account's token gave
	// it (session.go).
	if v, ok := sessionCookieValue(r); ok {
		found = -1
		for i := range a.list {
			if subtle.ConstantTimeCompare([]byte(v), []byte(sessionValue(a.list[i].hash))) == 1 {
				found = i
			}
		}
		if found >= 0 {
			return a.list[found], true
		}
	}
	return Account{}, false
}

type accountKey struct{}

// AccountOf is the account a request let through by Require carries.
func AccountOf(r *http.Request) Account {
	acct, _ := r.Context().Value(accountKey{}).(Account)
	return acct
}

// Require lets through only requests whose bearer token is an account's
// of at least role, with the account in the request's context
// (AccountOf): 401 without a known token, 403 for a lesser role, both
// before the body is read.
func (a *Accounts) Require(role Role, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		acct, ok := a.find(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="balancefarm"`)
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusUnauthorized, "missing or wrong bearer token", nil)
			return
		}
		if acct.Role < role {
			writeError(w, http.StatusForbidden, fmt.Sprintf("account %s (%s) may not do this: it needs the %s role", acct.Name, acct.Role, role), nil)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), accountKey{}, acct)))
	}
}

// salt is what an account adds to its plans' salt, so that its
// measurements are its own ("" where accounts share them).
func (a *Accounts) salt(acct Account) string {
	if !a.separate {
		return ""
	}
	return "account:" + acct.Name
}
