// Package rules is the front end of the rule language (schema 1 to 29): it
// decodes a rule file into typed values and checks it in the reference's two
// passes, shape then agreement, reporting every problem in the reference's
// own wording. Everything downstream (engine, players, farm) starts from a
// *Spec this package has accepted.
package rules
