// Package rules is the front end of the rule language (every schema; the
// whole language is written up key by key in docs/LANGUAGE.md, and the keys
// of 30 onwards at length in SCHEMA-30.md and after): it decodes a rule file into typed values and checks it in
// the reference's two passes, shape then agreement, reporting every problem
// in the reference's own wording. Everything downstream (engine, players, farm) starts from a
// *Spec this package has accepted.
//
// Parse (and ParseFile) run four stages:
//
//   - decode.go: bytes to an ordered tree of JSON values, refusing in one line
//     what is not one JSON object (size, UTF-8, nesting, syntax, trailing data);
//   - shape.go, driven by the table in schema.go: unknown keys, types, lists
//     and ranges, required keys, and keys newer than the declared
//     schema_version, in document order; ill-formed values are pruned and
//     their paths remembered;
//   - the pruned tree is filled into the typed Spec of types.go;
//   - check*.go: the agreement pass, family by family, skipping every check
//     whose inputs were ill-formed so one mistake gives one line.
//
// CHECKS.md maps each statement of the reference to the check enforcing it
// and the tests showing it. geometry.go holds the board geometry the checks
// share with the engine: square names, hexagon cells, symmetries.
package rules
