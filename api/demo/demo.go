// Package demo creates the two demo schools that `praksis dev` serves on
// demo.localhost and demo2.localhost, with realistic Norwegian demo data.
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
}

// Ensure creates and seeds each demo school that does not exist yet; with
// reset it deletes them first. It returns the slugs it created.
func Ensure(ctx context.Context, s *tenants.Service, reset bool) ([]string, error) {
	var created []string
	for _, p := range Schools {
		_, err := s.Get(ctx, p.Slug)
		exists := err == nil
		if err != nil && !errors.Is(err, tenants.ErrNotFound) {
			return nil, err
		}
		if exists && reset {
			if err := s.Delete(ctx, p.Slug, p.Slug); err != nil {
				return nil, fmt.Errorf("reset demo school %s: %w", p.Slug, err)
			}
			exists = false
		}
		if exists {
			continue
		}
		params := p
		params.Hosts = append([]string(nil), p.Hosts...)
		if _, err := s.Create(ctx, params); err != nil {
			return nil, fmt.Errorf("create demo school %s: %w", p.Slug, err)
		}
		if err := Seed(ctx, s, p.Slug); err != nil {
			return nil, err
		}
		created = append(created, p.Slug)
	}
	return created, nil
}

// Seed loads the demo data into a school.
func Seed(ctx context.Context, s *tenants.Service, slug string) error {
	sql, err := fs.ReadFile(schema.Demo, "demo/seed.sql")
	if err != nil {
		return fmt.Errorf("read demo data: %w", err)
	}
	return s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		if err := tx.Exec(string(sql)).Error; err != nil {
			return fmt.Errorf("seed demo school %s: %w", slug, err)
		}
		return nil
	})
}

// UsersHelp lists the demo users by role, for the start-up message.
const UsersHelp = `  Admin:       admin@demo.test (Ingrid Haugen)
  Teacher:     marte.solberg@demo.test (also Admin), per.kristian.dahl@demo.test, siri.lunde@demo.test,
               kari.vik@demo.test (also Student)
  Student:     ola.nordmann@stud.demo.test, emma.johansen@stud.demo.test, jonas.berg@stud.demo.test, …
  Supervisor:  hilde.bakken@sykehus.test, anders.moen@sykehus.test, camilla.strand@sykehus.test`
