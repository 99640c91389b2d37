package farm

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
)

// SessionCookie is the cookie a browser holds once its user has given
// the API token (POST /v1/session): a link the page opens (a report, the
// games) cannot carry a bearer token, but the browser sends the cookie.
const SessionCookie = "bf_session"

// sessionValue is the session cookie's value for the token whose SHA-256
// is tokenHash (what an account keeps of its token): derived from the
// token, not the token itself, so the browser's cookie store never holds
// the token and the value cannot be turned back into one.
func sessionValue(tokenHash [sha256.Size]byte) string {
	mac := hmac.New(sha256.New, tokenHash[:])
	mac.Write([]byte("balancefarm session cookie v1"))
	return hex.EncodeToString(mac.Sum(nil))
}

// SessionCookieFor is the cookie that lets a browser read with token:
// HttpOnly (the page's scripts cannot read it), SameSite=Strict (another
// site's page cannot make the browser send it), Secure over TLS, and gone
// when the browser closes.
func SessionCookieFor(token string, r *http.Request) *http.Cookie {
	return sessionCookie(sha256.Sum256([]byte(token)), r)
}

func sessionCookie(tokenHash [sha256.Size]byte, r *http.Request) *http.Cookie {
	return &http.Cookie{Name: SessionCookie, Value: sessionValue(tokenHash), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil}
}

// sessionCookieValue is the session cookie r carries where it may read
// with one (GET, HEAD): posting and cancelling still need the bearer
// token, so a cookie taken from a browser cannot queue or cancel work.
func sessionCookieValue(r *http.Request) (string, bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return "", false
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return "", false
	}
	return c.Value, true
}

// sessionOK says whether r reads with a session cookie made from token
// (BearerAuth's check, for a service without accounts).
func sessionOK(token string, r *http.Request) bool {
	v, ok := sessionCookieValue(r)
	if token == "" || !ok {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(v), []byte(sessionValue(sha256.Sum256([]byte(token))))) == 1
}

// postSession answers a request that carried an account's bearer token
// (auth lets no other through) with that account's session cookie; an
// open service has no token and needs none.
func (s *Service) postSession(w http.ResponseWriter, r *http.Request) {
	if acct := AccountOf(r); !s.cfg.Accounts.Open() {
		http.SetCookie(w, sessionCookie(acct.hash, r))
	}
	w.WriteHeader(http.StatusNoContent)
}

// deleteSession makes the browser forget its session cookie.
func deleteSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	w.WriteHeader(http.StatusNoContent)
}
