// Package demo creates the demo schools that `praksis dev` serves on
// demo.localhost, demo2.localhost and demo3.localhost, with realistic
// Norwegian demo data; the third speaks Nynorsk by default.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"gorm.io/gorm"

	"github.com/praksis/praksis/schema"
	"github.com/praksis/praksis/tenants"
)

// Schools are the demo schools: different names, colours and organisation
// numbers, so it is plain which school a page belongs to.
var Schools = []tenants.CreateParams{
	{
		Slug: "demo", Name: "Praksis Demo", Hosts: []string{"demo.localhost"}, OrgNumber: "999 888 777",
		DefaultLanguage: "nb", FeideRealms: []string{"demo.test"},
		Theme: tenants.Theme{PrimaryColor: "#00509E", SecondaryColor: "#E0A800"},
	},
	{
		Slug: "demo2", Name: "Praksisportalen Nord", Hosts: []string{"demo2.localhost"}, OrgNumber: "911 222 333",
		DefaultLanguage: "nb", FeideRealms: []string{"nord.test"},
		Theme: tenants.Theme{PrimaryColor: "#2E7D32", SecondaryColor: "#6A1B9A"},
	},
	// A school whose own language is Nynorsk, as several nursing schools'
	// is: a new visitor meets it in Nynorsk.
	{
		Slug: "demo3", Name: "Praksis Vest", Hosts: []string{"demo3.localhost"}, OrgNumber: "922 333 444",
		DefaultLanguage: "nn", FeideRealms: []string{"vest.test"},
		Theme: tenants.Theme{PrimaryColor: "#8A1538", SecondaryColor: "#00677F"},
	},
}

// Ensure creates and seeds each demo school that does not exist yet, and
// seeds each that exists without its demo data (created by an earlier run
// whose seeding failed); with reset it deletes them first. It returns the
// slugs it created or seeded.
func Ensure(ctx context.Context, s *tenants.Service, reset bool) ([]string, error) {
	var done []string
	for _, p := range Schools {
		_, err := s.Get(ctx, p.Slug)
		exists := err == nil
		if err != nil && !errors.Is(err, tenants.ErrNotFound) {
			return nil, fmt.Errorf("look up demo school %s: %w", p.Slug, err)
		}
		if exists && reset {
			if err := s.Delete(ctx, p.Slug, p.Slug); err != nil {
				return nil, fmt.Errorf("reset demo school %s: %w", p.Slug, err)
			}
			exists = false
		}
		if !exists {
			params := p
			params.Hosts = append([]string(nil), p.Hosts...)
			if _, err := s.Create(ctx, params); err != nil {
				return nil, fmt.Errorf("create demo school %s: %w", p.Slug, err)
			}
		}
		seeded, err := seed(ctx, s, p.Slug, true)
		if err != nil {
			return nil, err
		}
		if seeded {
			done = append(done, p.Slug)
		}
	}
	return done, nil
}

// Seed loads the demo data into a school, in one transaction: either all
// of it is there afterwards or none.
func Seed(ctx context.Context, s *tenants.Service, slug string) error {
	_, err := seed(ctx, s, slug, false)
	return err
}

// seed loads the demo data into a school and reports whether it did. With
// onlyIfEmpty it leaves a school that already has people in it alone: the
// check and the seeding share one transaction and seeding is all or nothing,
// so people in the school mean the demo data is complete (or the school is
// someone's own). Thus a failed seeding is retried by the next run, and a
// finished one is never repeated.
func seed(ctx context.Context, s *tenants.Service, slug string, onlyIfEmpty bool) (bool, error) {
	sql, err := fs.ReadFile(schema.Demo, "demo/seed.sql")
	if err != nil {
		return false, fmt.Errorf("read demo data: %w", err)
	}
	seeded := false
	err = s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		if onlyIfEmpty {
			var someone bool
			if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM users)").Scan(&someone).Error; err != nil {
				return fmt.Errorf("check demo data of %s: %w", slug, err)
			}
			if someone {
				return nil
			}
		}
		if err := tx.Exec(string(sql)).Error; err != nil {
			return fmt.Errorf("seed demo school %s: %w", slug, err)
		}
		seeded = true
		return nil
	})
	if err != nil {
		return false, err
	}
	return seeded, nil
}

// UsersHelp lists the demo users by role, for the start-up message.
const UsersHelp = `  Admin:       admin@demo.test (Ingrid Haugen)
  Teacher:     marte.solberg@demo.test (also Admin), per.kristian.dahl@demo.test, siri.lunde@demo.test,
               kari.vik@demo.test (also Student)
  Student:     ola.nordmann@stud.demo.test, emma.johansen@stud.demo.test, jonas.berg@stud.demo.test,
               ida.karlsen@stud.demo.test (three placements on her progress page), …
  Supervisor:  hilde.bakken@sykehus.test, anders.moen@sykehus.test, camilla.strand@sykehus.test`
