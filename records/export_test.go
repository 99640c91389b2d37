package records

// For the tests of package records_test, which import selfplay (itself
// an importer of records).
var (
	CompileFile = compileFile
	PlayGames   = playGames
)

const PerFlag = perFlag
