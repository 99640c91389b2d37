package stats

// MaxLostShare is the largest share of a batch's games that may be lost
// (dead-lettered, or ended in an engine or player error) before its
// verdict is inconclusive whatever the counted games say. Lost games need
// not be a random sample: a failing or hostile worker may lose games of
// one kind (one side's wins, the long ones), and every rate can then move
// by up to the share lost. 5% keeps that shift within the width of a
// rate's interval at the game counts a measurement plays, while a rare
// crash in a large batch still lets it decide.
const MaxLostShare = 0.05

// FlagLostGames names the reason a verdict is inconclusive because too
// many of the batch's games were lost.
const FlagLostGames = "lost_games"

// LostShare is lost games' share of a batch of counted+lost games.
func LostShare(counted, lost int) float64 {
	if lost <= 0 {
		return 0
	}
	return float64(lost) / float64(counted+lost)
}

// TooManyLost says whether lost games exceed MaxLostShare of the batch.
func TooManyLost(counted, lost int) bool {
	return LostShare(counted, lost) > MaxLostShare
}
