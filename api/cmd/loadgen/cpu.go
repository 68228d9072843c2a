package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CPU time of process trees, read from /proc (Linux): how much processor
// time the server and the database spend per request, a figure that other
// work on the machine disturbs far less than throughput.

// cpuRoot is a process whose tree is measured.
type cpuRoot struct {
	name string
	pid  int
}

// parseCPURoots reads "name=pid,name=pid".
func parseCPURoots(s string) ([]cpuRoot, error) {
	var out []cpuRoot
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		name, pid, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(pid)
		if !ok || name == "" || err != nil || n < 1 {
			return nil, fmt.Errorf("-cpu: %q is not name=pid", part)
		}
		out = append(out, cpuRoot{name: name, pid: n})
	}
	return out, nil
}

// procStat is what /proc/PID/stat says of CPU use: user and system time of
// the process and of its children that have ended, in clock ticks.
type procStat struct {
	ppid  int
	ticks int64
}

func readProcStat(pid int) (procStat, bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return procStat{}, false
	}
	// The command name is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(s[i+1:])
	// f[0] is field 3 (state); ppid is field 4, utime..cstime 14..17.
	if len(f) < 15 {
		return procStat{}, false
	}
	var st procStat
	st.ppid, _ = strconv.Atoi(f[1])
	for _, k := range f[11:15] {
		n, _ := strconv.ParseInt(k, 10, 64)
		st.ticks += n
	}
	return st, true
}

// cpuTicks returns the CPU ticks of each root's process tree now.
func cpuTicks(roots []cpuRoot) map[string]int64 {
	out := map[string]int64{}
	if len(roots) == 0 {
		return out
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	stats := map[int]procStat{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readProcStat(pid); ok {
			stats[pid] = st
		}
	}
	for _, r := range roots {
		for pid, st := range stats {
			for p, depth := pid, 0; p > 1 && depth < 32; depth++ {
				if p == r.pid {
					out[r.name] += st.ticks
					break
				}
				parent, ok := stats[p]
				if !ok {
					break
				}
				p = parent.ppid
			}
		}
	}
	return out
}

// clockTicks is the kernel's USER_HZ, 100 on every Linux that matters.
const clockTicks = 100
