package main

import (
	"balancefarm/farm"
	"balancefarm/selfplay"
)

func init() {
	// The shipped worker plays real games with the engine and the players.
	farm.RegisterRunner(farm.DefaultRunnerName, selfplay.NewRunner())
}
