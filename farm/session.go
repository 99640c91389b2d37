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

// sessionValue is the session cookie's value for token: derived from the
// token, not the token itself, so the browser's cookie store never holds
// the token and the value cannot be turned back into one.
func sessionValue(token string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("balancefarm session cookie v1"))
	return hex.EncodeToString(mac.Sum(nil))
}

// SessionCookieFor is the cookie that lets a browser read with token:
// HttpOnly (the page's scripts cannot read it), SameSite=Strict (another
// site's page cannot make the browser send it), Secure over TLS, and gone
// when the browser closes.
func SessionCookieFor(token string, r *http.Request) *http.Cookie {
	return &http.Cookie{Name: SessionCookie, Value: sessionValue(token), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil}
}

// sessionOK says whether r reads with a session cookie made from token.
// The cookie reads only (GET, HEAD): posting and cancelling still need
// the bearer token, so a cookie taken from a browser cannot queue work.
func sessionOK(token string, r *http.Request) bool {
	if token == "" || r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(c.Value), []byte(sessionValue(token))) == 1
}

// postSession answers a request that carried the bearer token (auth lets
// no other through) with the session cookie.
func (s *Service) postSession(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Token != "" {
		http.SetCookie(w, SessionCookieFor(s.cfg.Token, r))
	}
	w.WriteHeader(http.StatusNoContent)
}

// deleteSession makes the browser forget its session cookie.
func deleteSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	w.WriteHeader(http.StatusNoContent)
}
