// Package tablestore owns the learned piece-square tables a team keeps
// beside its rule files: one file a table (NAME.table, JSON), in a
// directory usually named tables next to the rule files, each naming the
// rule file it was learned for by the hash of its bytes
// (protocol.HashRuleFile). A table is kept only with the match that
// showed it gains (coordinator learn -check), so a measurement that
// finds one for its file's exact bytes plays its top rung with it, and a
// file edited since then is measured without it.
//
// The store reads what it is given as untrusted: each table file is
// capped in size, its spec parsed by search.ParseSpec, its hash and its
// check's figures checked, and a directory with a bad table is refused
// with the file named rather than read around.
package tablestore
