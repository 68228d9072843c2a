// Package clock is what time it is for a school. Everything that decides by
// today's date (semester status, deadline states, when reminders go) asks
// Now with the request's or job's context, so that development mode can
// place one school's clock elsewhere in time without moving any other
// school's (parallel journeys run on different schools). Production never
// places a clock: Now is then the machine's clock.
package clock

import (
	"context"
	"sync"
	"time"

	"github.com/praksis/praksis/tenants"
)

// Base is the machine's clock under every school's; tests replace it.
var Base = time.Now

// offsets holds, per school slug, how far its placed clock is from Base.
var offsets sync.Map

// Now is the time at the school of ctx's scope: Base, moved by the offset
// of a clock placed for that school. Outside a school's scope it is Base.
func Now(ctx context.Context) time.Time {
	now := Base()
	if t := tenants.Current(ctx); t != nil {
		return now.Add(Offset(t.Slug))
	}
	return now
}

// Offset is how far the school's clock is placed from Base; 0 when it is
// not placed.
func Offset(slug string) time.Duration {
	if v, ok := offsets.Load(slug); ok {
		return v.(time.Duration)
	}
	return 0
}

// Place sets the school's clock to at from now on; it runs on from there.
func Place(slug string, at time.Time) {
	offsets.Store(slug, at.Sub(Base()))
}

// Reset puts the school's clock back on Base.
func Reset(slug string) {
	offsets.Delete(slug)
}

// At is the time on the school's clock outside a scope (a sweep deciding
// which schools to visit): Base moved by the school's offset.
func At(slug string) time.Time {
	return Base().Add(Offset(slug))
}

// Placement is the body that places a school's development clock.
type Placement struct {
	Now time.Time `json:"now" description:"Where the school's clock is placed (RFC 3339 with offset); it runs on from there" example:"2026-10-05T12:00:00+02:00"`
}

// Reading is a school's clock as the development clock's routes show it.
type Reading struct {
	Now    time.Time `json:"now" description:"The time on the school's clock"`
	Placed bool      `json:"placed" description:"Whether the clock is placed away from the machine's"`
}

// Read returns the school's clock as the development routes show it.
func Read(slug string) Reading {
	off := Offset(slug)
	return Reading{Now: Base().Add(off), Placed: off != 0}
}
