package farm

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxFileNameBytes bounds the name a submission gives its rule file: one
// file name on common file systems.
const MaxFileNameBytes = 255

// checkFileName refuses a submitted file name that could not name a
// report file as it is: the name becomes NAME.json, NAME.md and NAME.html
// under the reports directory, so it must be one plain base name. A name
// is refused rather than cleaned, so what a client sent is what it gets.
func checkFileName(name string) error {
	switch {
	case name == "." || name == "..":
		return fmt.Errorf("file name %q: . and .. are not file names", name)
	case len(name) > MaxFileNameBytes:
		return fmt.Errorf("file name of %d bytes: at most %d", len(name), MaxFileNameBytes)
	case !utf8.ValidString(name):
		return fmt.Errorf("file name %q: not UTF-8", name)
	case strings.ContainsAny(name, `/\`):
		return fmt.Errorf("file name %q: a base name without / or \\", name)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return fmt.Errorf("file name %q: control characters (NUL, CR, LF, ...) are not allowed", name)
	}
	return nil
}
