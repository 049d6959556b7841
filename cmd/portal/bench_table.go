package main

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"
)

// The bench's table (issue 33): every figure is shown beside a baseline measured in the same
// run, as a ratio to it, with the goal of that ratio and whether it was met. Absolute figures
// move with the host (a 2-core machine shared with others, CPU steal); the ratio to a
// baseline that the same load slows alike is what a run on any host can be held to.

// fig is one figure of a row: the value the ratio is taken of, and how it is shown.
type fig struct {
	v float64
	s string
}

// rateFig is a rate per second.
func rateFig(x float64) fig { return fig{x, fmt.Sprintf("%.0f/s", x)} }

// p99Fig is the p99 of ds.
func p99Fig(ds []time.Duration) fig {
	return fig{float64(percentile(ds, 99)), "p99 " + pct(ds, 99)}
}

// sizeFig is a size in bytes, shown in KB.
func sizeFig(n int64) fig { return fig{float64(n), fmt.Sprintf("%.0f KB", float64(n)/1024)} }

// note adds detail after the figure (p50, rounds, counts): shown, not compared.
func (f fig) note(format string, a ...any) fig {
	f.s += " (" + fmt.Sprintf(format, a...) + ")"
	return f
}

// goal is what the ratio of a row must be: at least min (a share of a rate: appends ≥ 70 %
// of raw INSERTs) or at most max (a multiple of a latency: p99 ≤ 40× the single-row read).
// The zero goal reports the ratio without holding it to anything.
type goal struct{ min, max float64 }

func atLeast(share float64) goal { return goal{min: share} }
func atMost(times float64) goal  { return goal{max: times} }

var reportOnly = goal{}

type benchRow struct {
	measure, result, baseline, ratio, goal, verdict, baseIs string
}

// ratio adds a row: measure's figure got beside the same run's base (described by baseIs),
// their ratio, the goal and met or missed.
func (b *benchRun) ratio(measure string, got, base fig, baseIs string, g goal) {
	r := benchRow{measure: measure, result: got.s, baseline: base.s, baseIs: baseIs, ratio: "n/a", goal: "—", verdict: "—"}
	x := 0.0
	if base.v > 0 {
		x = got.v / base.v
		r.ratio = fmt.Sprintf("%.2f×", x)
	}
	switch {
	case g.min > 0:
		if base.v > 0 {
			r.ratio = fmt.Sprintf("%.0f %%", 100*x)
		}
		r.goal = fmt.Sprintf("≥ %.0f %%", 100*g.min)
		r.verdict = verdict(base.v > 0 && x >= g.min)
	case g.max > 0:
		r.goal = fmt.Sprintf("≤ %.3g×", g.max)
		r.verdict = verdict(base.v > 0 && x <= g.max)
	}
	b.push(r)
}

// check adds a row that holds no ratio but a condition (every notice sent, nothing parked,
// a size budget that does not move with the host), met when ok.
func (b *benchRun) check(measure, result, goal string, ok bool) {
	b.push(benchRow{measure: measure, result: result, baseline: "—", ratio: "—", goal: goal, verdict: verdict(ok), baseIs: "—"})
}

// add is the older row form (a result and a baseline as text): reported, no ratio, no verdict.
// Steps use ratio or check; add stays so that a step written against it still builds.
func (b *benchRun) add(measure, result, baseline, baseName, goal string) {
	b.push(benchRow{measure: measure, result: result, baseline: baseline, ratio: "—", goal: goal, verdict: "—", baseIs: baseName})
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "missed"
}

func (b *benchRun) push(r benchRow) {
	b.rows = append(b.rows, r)
	fmt.Fprintf(os.Stderr, "  %s: %s | %s | %s | %s %s\n", r.measure, r.result, r.baseline, r.ratio, r.goal, r.verdict)
}

// print writes the table and the summary line: how many goals were met and missed.
func (b *benchRun) print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "measure\tresult\tbaseline (same run)\tratio\tgoal\tmet?\tbaseline is")
	fmt.Fprintln(tw, "-------\t------\t-------------------\t-----\t----\t----\t-----------")
	met, missed, reported := 0, 0, 0
	for _, r := range b.rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.measure, r.result, r.baseline, r.ratio, r.goal, r.verdict, r.baseIs)
		switch r.verdict {
		case "met":
			met++
		case "missed":
			missed++
		default:
			reported++
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d met, %d missed (%d reported without a goal)\n", met, missed, reported)
}
