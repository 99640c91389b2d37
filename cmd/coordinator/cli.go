package main

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/measure"
)

// Every command parses its flags with parseArgs and reports a mistake
// with usageError, so the same mistake reads the same whatever the
// command: one line naming it (with a suggestion where one is close), one
// line saying where help is, exit status 2.

// parseArgs parses fs over args with flags before, between or after the
// positional arguments ("--" ends the flags). -h, -help and --help print
// the command's help on stdout; ok is false when the caller should return
// code (0 after help, exitUsage after a mistake, reported on stderr).
func parseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(stdout)
			fs.Usage()
			return nil, 0, false
		}
	}
	// The flag package's own message and usage dump are replaced by ours.
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(stderr)
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return nil, usageError(stderr, fs.Name(), flagMistake(fs, err)), false
		}
		left := fs.Args()
		if len(left) == 0 {
			return pos, 0, true
		}
		// Parse stopped at "--" (everything after it is positional) or at
		// the first positional argument (flags may follow it).
		if used := len(rest) - len(left); used > 0 && rest[used-1] == "--" {
			return append(pos, left...), 0, true
		}
		pos = append(pos, left[0])
		rest = left[1:]
	}
}

// usageError reports a mistake on the command line and returns exitUsage.
func usageError(stderr io.Writer, cmd, msg string) int {
	fmt.Fprintf(stderr, "coordinator %s: %s\n", cmd, msg)
	fmt.Fprintf(stderr, "Run 'coordinator %s -h' for help.\n", cmd)
	return exitUsage
}

var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	needsValue    = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
	badValue      = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for flag -+([^:]*): (.*)$`)
)

// flagMistake words the flag package's error our way.
func flagMistake(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		out := fmt.Sprintf("unknown flag -%s", m[1])
		if s := suggest(m[1], names); s != "" {
			out += fmt.Sprintf(" (did you mean -%s?)", s)
		}
		return out
	}
	if m := needsValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("flag -%s needs a value", m[1])
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" || why == "value out of range" {
			why = "not a " + kindOf(fs.Lookup(m[2])) + " (" + why + ")"
		}
		return fmt.Sprintf("flag -%s: bad value %q: %s", m[2], m[1], why)
	}
	return msg
}

// kindOf names what a flag's value must be.
func kindOf(f *flag.Flag) string {
	if f == nil {
		return "valid value"
	}
	if name, _ := flag.UnquoteUsage(f); name != "" {
		return strings.ToLower(name)
	}
	if _, ok := f.Value.(interface{ IsBoolFlag() bool }); ok {
		return "boolean (true or false)"
	}
	return "valid value"
}

// suggest is the candidate closest to word when it is close enough to be
// a likely slip: within a third of its length in edits (at least one), or
// a candidate the word begins.
func suggest(word string, candidates []string) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		d := editDistance(strings.ToLower(word), strings.ToLower(c))
		if bestDist < 0 || d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	if bestDist <= max(1, len(word)/3) {
		return best
	}
	for _, c := range candidates {
		if len(word) >= 3 && strings.HasPrefix(c, word) {
			return c
		}
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (flag and command names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// refuseRuleFile reports a rule file a command cannot use, in the same
// words whatever the command: the path, then each line of the refusal
// indented (measure.Lines, capped: at most farm.MaxProblems problems,
// then a count of the rest).
func refuseRuleFile(w io.Writer, path string, err error) {
	fmt.Fprintf(w, "%s: not a playable rule file:\n", path)
	for _, p := range farm.CapProblems(measure.Lines(err)) {
		fmt.Fprintf(w, "  %s\n", p)
	}
}

// compileRuleFile reads and compiles the rule file at path for a command
// that plays its game as it stands (engine.Compile, without the start and
// cost checks measure.Read adds for the farm); a refusal is printed on
// stderr and the game is nil.
func compileRuleFile(path string, stderr io.Writer) *engine.Game {
	data, err := engine.ReadRuleFile(path)
	if err == nil {
		var g *engine.Game
		if g, err = engine.Compile(data); err == nil {
			return g
		}
	}
	refuseRuleFile(stderr, path, err)
	return nil
}

// flagGroup is a heading in a command's help and the flags under it.
type flagGroup struct {
	title string
	names []string
}

// setUsage makes fs's help: the usage line, the description, then the
// flags under their headings in the order given; flags no group names go
// under the last heading (or "Flags" without groups).
func setUsage(fs *flag.FlagSet, usage, about string, groups ...flagGroup) {
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n", usage)
		if about != "" {
			fmt.Fprintln(w, strings.TrimRight(about, "\n"))
		}
		var all []*flag.Flag
		fs.VisitAll(func(f *flag.Flag) { all = append(all, f) })
		if len(all) == 0 {
			return
		}
		placed := map[string]bool{}
		for _, g := range groups {
			for _, n := range g.names {
				placed[n] = true
			}
		}
		for i, g := range groups {
			var fl []*flag.Flag
			for _, n := range g.names {
				if f := fs.Lookup(n); f != nil {
					fl = append(fl, f)
				}
			}
			if i == len(groups)-1 {
				var rest []*flag.Flag
				for _, f := range all {
					if !placed[f.Name] {
						rest = append(rest, f)
					}
				}
				sort.Slice(rest, func(a, b int) bool { return rest[a].Name < rest[b].Name })
				fl = append(fl, rest...)
			}
			printFlags(w, g.title, fl)
		}
		if len(groups) == 0 {
			printFlags(w, "Flags", all)
		}
	}
}

// printFlags writes one heading and its flags as the flag package does.
func printFlags(w io.Writer, title string, fl []*flag.Flag) {
	if len(fl) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", title)
	for _, f := range fl {
		name, text := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		text = strings.ReplaceAll(text, "\n", "\n    \t")
		if len(line) <= 4 {
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += text
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" {
			if fmt.Sprintf("%T", f.Value) == "*flag.stringValue" {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintln(w, line)
	}
}
