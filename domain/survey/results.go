package survey

import "math"

// MinGroup is the fewest respondents a group of results may have: a smaller group shows no
// figures, so that answers stay anonymous (issue 6 "no result is shown for a group of fewer
// than 3 respondents").
const MinGroup = 3

// Shown tells whether a group of n respondents may show its figures.
func Shown(n int64) bool { return n >= MinGroup }

// ENPS is the eNPS of a rating distribution (spec §9 rating scale 0 to 10).
type ENPS struct {
	Respondents int64
	Promoters   int64 // 9 and 10
	Passives    int64 // 7 and 8
	Detractors  int64 // 0 to 6
	Score       float64
}

// ENPSOf computes the score from the count of each rating 0..10: percent promoters minus
// percent detractors, rounded to one decimal, between -100 and 100. No ratings give 0.
func ENPSOf(dist [11]int64) ENPS {
	var r ENPS
	for rating, n := range dist {
		r.Respondents += n
		switch {
		case rating >= 9:
			r.Promoters += n
		case rating >= 7:
			r.Passives += n
		default:
			r.Detractors += n
		}
	}
	if r.Respondents > 0 {
		r.Score = math.Round(1000*float64(r.Promoters-r.Detractors)/float64(r.Respondents)) / 10
	}
	return r
}
