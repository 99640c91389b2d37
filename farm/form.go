package farm

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// A measurement may be posted as multipart/form-data, as a browser's form
// or `curl -F file=@rules.json` sends it: the part named "file" is the
// rule file (its file name names it unless ?file= does), and the fields
// players, games, seed and fresh stand for the query parameters of the
// same names.

// formFields are the form fields read besides the file.
var formFields = map[string]bool{"players": true, "games": true, "seed": true, "fresh": true}

// maxFieldBytes bounds one form field.
const maxFieldBytes = 64 << 10

// errTooBig is a file part over the limit.
var errTooBig = errors.New("rule file too large")

// badForm is a form that cannot be a measurement request.
type badForm string

func (b badForm) Error() string { return string(b) }

// readMultipart reads the rule file from a multipart body, setting the
// fields it carries in q.
func readMultipart(w http.ResponseWriter, r *http.Request, limit int64, q url.Values) ([]byte, error) {
	// The whole body may hold the file, the fields and the parts' headers.
	r.Body = http.MaxBytesReader(w, r.Body, limit+int64(len(formFields)+2)*maxFieldBytes)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, badForm("multipart body: " + err.Error())
	}
	var data []byte
	found := false
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		name := part.FormName()
		switch {
		case name == "file":
			if found {
				return nil, badForm("more than one part named file")
			}
			found = true
			data, err = io.ReadAll(io.LimitReader(part, limit+1))
			if err != nil {
				return nil, err
			}
			if int64(len(data)) > limit {
				return nil, errTooBig
			}
			if fn := part.FileName(); fn != "" && q.Get("file") == "" {
				q.Set("file", fn)
			}
		case formFields[name]:
			v, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
			if err != nil {
				return nil, err
			}
			if len(v) > maxFieldBytes {
				return nil, badForm(fmt.Sprintf("form field %s too long", name))
			}
			// An empty field (a form left blank) keeps the default.
			if len(v) > 0 {
				q.Set(name, string(v))
			}
		}
		part.Close()
	}
	if !found {
		return nil, badForm(`multipart body without a part named "file" (curl -F file=@rules.json)`)
	}
	return data, nil
}

//go:embed web/index.html
var page embed.FS

// servePage serves the web page: a form to submit a rule file and the
// measurements' live progress, asking the API as any client would.
func servePage(w http.ResponseWriter, r *http.Request) {
	data, err := page.ReadFile("web/index.html")
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), nil)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Self-contained: no script, style or image from anywhere else.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:")
	w.Write(data)
}
