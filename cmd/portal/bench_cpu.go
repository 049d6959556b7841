package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuGoal holds a command's CPU per call to the rate goal it shares with the cached read
// (at least 35 % of the read's rate): with the host's cores busy, a rate goes as the inverse of
// the CPU per call, so 35 % of the read's rate is at most 1/0.35 (2.9×) the read's CPU per call.
var cpuGoal = atMost(1 / 0.35)

// cpuUse is the CPU time the bench's process (server and clients) and the database server's
// processes have used so far. On a shared host a rate moves with the neighbours' load while
// the CPU an operation costs does not: the bench reports it per operation beside the rates.
type cpuUse struct {
	self time.Duration
	db   map[int]time.Duration // per database process (/proc, when on this host)
}

// cpuNow reads the process's own rusage and, for every process pg_stat_activity lists (the
// bench database's backends and the server's own), its utime+stime from /proc.
func (b *benchRun) cpuNow() cpuUse {
	u := cpuUse{db: map[int]time.Duration{}}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		u.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	rows, err := b.pool.Query(b.ctx, `SELECT pid FROM pg_stat_activity`)
	if err != nil {
		return u
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) != nil {
			return u
		}
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue // another host, or a process that just left
		}
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from 3 (state) on
		if len(f) < 13 {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)               // field 14
		st, _ := strconv.ParseInt(f[12], 10, 64)               // field 15
		u.db[pid] = time.Duration(ut+st) * (time.Second / 100) // USER_HZ
	}
	return u
}

// cpuFig is the CPU used between from and to per operation of n (the process's and the
// database's together; a process that left in between is not counted).
func cpuFig(from, to cpuUse, n int64) fig {
	if n <= 0 {
		return fig{0, "n/a"}
	}
	var db time.Duration
	for pid, t := range to.db {
		db += t - from.db[pid]
	}
	self, db := (to.self-from.self)/time.Duration(n), db/time.Duration(n)
	s := fmt.Sprintf("%s CPU per call (portal %s", (self + db).Round(time.Microsecond), self.Round(time.Microsecond))
	if len(to.db) > 0 {
		s += fmt.Sprintf(", database %s", db.Round(time.Microsecond))
	}
	return fig{float64(self + db), s + ")"}
}
