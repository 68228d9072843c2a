// Package eformidling delivers a placement's archived result to the
// school's own archive (its Noark 5 case and records system) as an
// arkivmelding through eFormidling, the national message exchange, by way
// of the integrasjonspunkt the school runs. It is the third way results
// leave Praksis, beside the export directory and the web hook of package
// results, and is set up per school (Config).
//
// # Delivery
//
// When the archive job has archived a result of a school with eFormidling
// switched on, it enqueues the job eformidling.deliver {tenant,
// signingFormId, round} in the same transaction. The job keeps the state of
// its message in archive_deliveries (one row per form), so that every step
// can run again after a restart or a failure without sending twice:
//
//  1. pending: ask the integrasjonspunkt for the archive's capabilities
//     (GET /api/capabilities/{orgnr}?process=…) and stop for good when it
//     cannot take an arkivmelding in the school's process; ask for the
//     message's statuses (GET /api/statuses/{messageId}), since a message
//     the integrasjonspunkt already took (the answer was lost) must not be
//     sent again; else send it (POST /api/messages/out/multipart: the SBD,
//     arkivmelding.xml, the signed signing form as hoveddokument and the full
//     assessment as vedlegg) and mark the row sent.
//  2. sent: look up the message's statuses until LEVERT (or LEST), which
//     marks it delivered, or FEIL or LEVETID_UTLOPT, which marks it failed
//     with the integrasjonspunkt's description. The job snoozes between
//     lookups (PollInterval, doubling up to 15 minutes) and gives up after
//     DeliveryDeadline.
//
// An unreachable integrasjonspunkt, a timeout or a 5xx answer is retried
// with River's back-off (attempt⁴ seconds, MaxAttempts attempts, about six
// and a half days); a 4xx answer is final and marks the row failed. The
// conversation id is the same for every message of a form and every
// systemID in the arkivmelding is derived from the school and the form, so
// a message sent again after a failure (a new round, started by an admin)
// files nothing twice in the archive.
package eformidling

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/praksis/praksis/api/arkivmelding"
	"github.com/praksis/praksis/api/settings"
)

// SettingsKey is the row of the school's settings table that holds its
// Config.
const SettingsKey = "eformidling"

// Config is a school's eFormidling set-up.
type Config struct {
	// Enabled switches delivery on; the other fields are kept when off.
	Enabled bool `json:"enabled"`
	// URL is the base URL of the school's integrasjonspunkt, such as
	// http://integrasjonspunkt.skole.no:9093.
	URL string `json:"url" description:"Base URL of the school's integrasjonspunkt (http or https); required when enabled" example:"http://integrasjonspunkt.skole.no:9093"`
	// SenderOrgNumber is the school's organisation number (nine digits).
	SenderOrgNumber string `json:"senderOrgNumber" description:"The school's organisation number, nine digits; required when enabled" example:"974760673"`
	// ReceiverOrgNumber is the archive's organisation number, often the
	// school's own.
	ReceiverOrgNumber string `json:"receiverOrgNumber" description:"The archive's organisation number, nine digits; required when enabled"`
	// Process is the eFormidling process identifier the archive receives
	// results in (arkivmelding.DefaultProcess when empty).
	Process string `json:"process" description:"An arkivmelding process URN; empty: the default process"`
	// AdministrativeUnit is the unit responsible for the cases; the school's
	// name when empty.
	AdministrativeUnit string `json:"administrativeUnit" maxLength:"500" description:"Unit responsible for the cases; empty: the school's name"`
	// CaseSystemID files every result in an existing case (its system id)
	// instead of a new case per student and placement.
	CaseSystemID string `json:"caseSystemId" description:"A UUID: file every result in this existing case; empty: a case per student and placement"`
	// ClassificationSystem and ClassID classify each case (ClassID empty:
	// the subject code); no classification when ClassificationSystem is
	// empty.
	ClassificationSystem string `json:"classificationSystem" maxLength:"500" description:"Classifies each case; empty: no classification"`
	ClassID              string `json:"classId" maxLength:"500" description:"Class in the classification system; empty: the subject code"`
}

// Usable reports whether delivery is on and fully set up.
func (c Config) Usable() bool {
	return c.Enabled && c.URL != "" && c.SenderOrgNumber != "" && c.ReceiverOrgNumber != ""
}

// ProcessOrDefault is the process messages are sent in.
func (c Config) ProcessOrDefault() string {
	if c.Process == "" {
		return arkivmelding.DefaultProcess
	}
	return c.Process
}

// Options are the arkivmelding options of the set-up in a language.
func (c Config) Options(lang string) arkivmelding.Options {
	return arkivmelding.Options{Language: lang, AdministrativeUnit: c.AdministrativeUnit, CaseSystemID: c.CaseSystemID,
		ClassificationSystem: c.ClassificationSystem, ClassID: c.ClassID}
}

// FieldError names the field of a Config that is wrong and the message
// id (server catalogue) that says why.
type FieldError struct {
	Field string
	ID    string
}

// Error returns the field and the message id.
func (e *FieldError) Error() string { return fmt.Sprintf("eFormidling setting %s: %s", e.Field, e.ID) }

var (
	nineDigits = regexp.MustCompile(`^[0-9]{9}$`)
	processURN = regexp.MustCompile(`^urn:no:difi:profile:arkivmelding:[A-Za-z0-9._:-]{1,150}$`)
)

// Normalize trims the fields and removes spaces from organisation numbers,
// then checks them: every problem found, one per field. When enabled, the
// URL and both organisation numbers are required.
func (c *Config) Normalize() []*FieldError {
	for _, f := range []*string{&c.URL, &c.Process, &c.AdministrativeUnit, &c.CaseSystemID, &c.ClassificationSystem, &c.ClassID} {
		*f = strings.TrimSpace(*f)
	}
	c.SenderOrgNumber = strings.ReplaceAll(strings.TrimSpace(c.SenderOrgNumber), " ", "")
	c.ReceiverOrgNumber = strings.ReplaceAll(strings.TrimSpace(c.ReceiverOrgNumber), " ", "")
	var errs []*FieldError
	bad := func(field, id string) { errs = append(errs, &FieldError{Field: field, ID: id}) }
	if c.URL != "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			bad("url", "eformidling.invalidUrl")
		} else {
			c.URL = strings.TrimSuffix(c.URL, "/")
		}
	} else if c.Enabled {
		bad("url", "eformidling.required")
	}
	for _, f := range []struct {
		name string
		v    string
	}{{"senderOrgNumber", c.SenderOrgNumber}, {"receiverOrgNumber", c.ReceiverOrgNumber}} {
		switch {
		case f.v == "" && c.Enabled:
			bad(f.name, "eformidling.required")
		case f.v != "" && !nineDigits.MatchString(f.v):
			bad(f.name, "eformidling.invalidOrgNumber")
		}
	}
	if c.Process != "" && !processURN.MatchString(c.Process) {
		bad("process", "eformidling.invalidProcess")
	}
	if c.CaseSystemID != "" && uuid.Validate(c.CaseSystemID) != nil {
		bad("caseSystemId", "eformidling.invalidCaseSystemId")
	}
	if c.ClassID != "" && c.ClassificationSystem == "" {
		bad("classificationSystem", "eformidling.classWithoutSystem")
	}
	for _, f := range []struct {
		name string
		v    string
	}{{"administrativeUnit", c.AdministrativeUnit}, {"classificationSystem", c.ClassificationSystem}, {"classId", c.ClassID}, {"url", c.URL}} {
		if len(f.v) > 500 {
			bad(f.name, "eformidling.tooLong")
		}
	}
	return errs
}

// Load reads the school's set-up in the current scope; the zero Config
// (off) when it has none.
func Load(ctx context.Context) (Config, error) {
	var c Config
	_, err := settings.Load(ctx, SettingsKey, &c)
	return c, err
}

// Save stores the school's set-up in the current scope. The caller has
// normalised it.
func Save(ctx context.Context, c Config) error { return settings.Save(ctx, SettingsKey, c) }
