package retention

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// DataCopyDays is how long a copy of a person's data is offered (the
// datacopy package's Lifetime), for the record of processing.
const DataCopyDays = 3

// BackupDays is how far back the database's backups reach (the tenants
// package's DefaultBackupRetention, deploy/BACKUP.md), for the record of
// processing: what is deleted in the service stays in them this long.
var BackupDays = int(tenants.DefaultBackupRetention.Hours() / 24)

// Saved checks and stores a policy in the current scope with an audit row;
// an apperror naming each field outside its range when it is not valid.
func Saved(ctx context.Context, p Policy) (Policy, error) {
	if bad := p.Invalid(); len(bad) > 0 {
		e := apperror.Invalidf("error.invalid")
		for _, l := range bad {
			e.Field(l.Field, "retention.outOfRange", map[string]any{"Min": l.Min, "Max": l.Max})
		}
		return p, e
	}
	if err := Save(ctx, p); err != nil {
		return p, err
	}
	return p, audit.Record(ctx, audit.Entry{Action: "school.retentionChanged", Entity: "school",
		Details: map[string]any{"retention": p}})
}

// Changes is the body of PUT /api/tenant/retention: the fields to change;
// a field left out keeps its value.
type Changes struct {
	WorkingDataMonths     *int `json:"workingDataMonths" minimum:"1" maximum:"120"`
	InactiveAccountMonths *int `json:"inactiveAccountMonths" minimum:"1" maximum:"120"`
	SessionDays           *int `json:"sessionDays" minimum:"1" maximum:"365"`
	OneTimeCodeDays       *int `json:"oneTimeCodeDays" minimum:"1" maximum:"30"`
	UnsentMailDays        *int `json:"unsentMailDays" minimum:"1" maximum:"30"`
	ArchivedResultYears   *int `json:"archivedResultYears" minimum:"0" maximum:"100" description:"0 keeps archived results for good"`
}

// applyTo sets the fields that were sent.
func (ch Changes) applyTo(p *Policy) {
	for _, f := range []struct{ from, to *int }{
		{ch.WorkingDataMonths, &p.WorkingDataMonths}, {ch.InactiveAccountMonths, &p.InactiveAccountMonths},
		{ch.SessionDays, &p.SessionDays}, {ch.OneTimeCodeDays, &p.OneTimeCodeDays},
		{ch.UnsentMailDays, &p.UnsentMailDays}, {ch.ArchivedResultYears, &p.ArchivedResultYears},
	} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
}

// RecordParams choose the language of the record of processing.
type RecordParams struct {
	Lang string `query:"lang" description:"nb, nn or en; left out: the caller's Accept-Language, else the school's language"`
}

// Routes of the policy and the record; admins only (the route table says so).
var (
	// HandleGet serves GET /api/tenant/retention.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (Policy, error) { return Load(ctx) })
	// HandlePut serves PUT /api/tenant/retention. Fields left out keep
	// their current values.
	HandlePut = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, ch Changes) (Policy, error) {
		p, err := Load(ctx)
		if err != nil {
			return p, err
		}
		ch.applyTo(&p)
		return Saved(ctx, p)
	})
	// HandleRecord serves GET /api/tenant/record-of-processing?lang=: the
	// record in the asked language (else the caller's, else the school's).
	HandleRecord = edge.WithContext(http.StatusOK, func(c *echo.Context, rp RecordParams) (Record, error) {
		ctx := c.Request().Context()
		t := tenants.Current(ctx)
		p, err := Load(ctx)
		if err != nil {
			return Record{}, err
		}
		lang := texts.Negotiate(rp.Lang, c.Request().Header.Get("Accept-Language"), t.DefaultLanguage)
		return RecordOf(t, p, lang, time.Now()), nil
	})
)

// Category is one kind of personal data in the record of processing.
type Category struct {
	ID        string `json:"id" enum:"accounts,signIn,assessments,warnings,signingForms,archivedResults,invitations,progressSharing,auditLog,dataCopies,backups"`
	Title     string `json:"title"`
	Data      string `json:"data"`
	Purpose   string `json:"purpose"`
	Access    string `json:"access"`
	Retention string `json:"retention" description:"How long it is kept, from the policy"`
}

// Record is the school's record of processing (protokoll over
// behandlingsaktiviteter) as far as Praksis goes, in one language.
type Record struct {
	School      string     `json:"school"`
	OrgNumber   string     `json:"orgNumber"`
	Language    string     `json:"language" enum:"nb,nn,en"`
	GeneratedAt time.Time  `json:"generatedAt"`
	Intro       string     `json:"intro"`
	Policy      Policy     `json:"policy" description:"The retention policy the texts were made from"`
	Categories  []Category `json:"categories"`
}

// categories are the kinds of personal data, each with the retention text
// that describes it and that text's numbers from the policy.
var categories = []struct {
	id        string
	retention string
	data      func(p Policy) map[string]any
}{
	{"accounts", "processing.retention.accounts", func(p Policy) map[string]any { return map[string]any{"Months": p.InactiveAccountMonths} }},
	{"signIn", "processing.retention.signIn", func(p Policy) map[string]any {
		return map[string]any{"Sessions": p.SessionDays, "Codes": p.OneTimeCodeDays, "Mail": p.UnsentMailDays}
	}},
	{"assessments", "processing.retention.working", func(p Policy) map[string]any { return map[string]any{"Months": p.WorkingDataMonths} }},
	{"warnings", "processing.retention.working", func(p Policy) map[string]any { return map[string]any{"Months": p.WorkingDataMonths} }},
	{"signingForms", "processing.retention.signingForms", func(p Policy) map[string]any { return map[string]any{"Months": p.WorkingDataMonths} }},
	{"archivedResults", "processing.retention.results", func(p Policy) map[string]any { return map[string]any{"Years": p.ArchivedResultYears} }},
	{"invitations", "processing.retention.working", func(p Policy) map[string]any { return map[string]any{"Months": p.WorkingDataMonths} }},
	{"progressSharing", "processing.retention.progressSharing", func(Policy) map[string]any { return nil }},
	{"auditLog", "processing.retention.audit", func(Policy) map[string]any { return nil }},
	{"dataCopies", "processing.retention.dataCopies", func(Policy) map[string]any { return map[string]any{"Days": DataCopyDays} }},
	{"backups", "processing.retention.backups", func(Policy) map[string]any { return map[string]any{"Days": BackupDays} }},
}

// RecordOf makes the record of processing from the policy in lang.
func RecordOf(t *tenants.Tenant, p Policy, lang string, now time.Time) Record {
	tr := func(id string, data map[string]any) string { return texts.Base().T(lang, id, data) }
	r := Record{School: t.DisplayName, OrgNumber: t.OrgNumber, Language: lang, GeneratedAt: now.UTC(), Policy: p,
		Intro: tr("processing.intro", map[string]any{"School": t.DisplayName})}
	for _, c := range categories {
		retention := c.retention
		if c.id == "archivedResults" && p.ArchivedResultYears == 0 {
			retention = "processing.retention.resultsKept"
		}
		base := "processing." + c.id + "."
		r.Categories = append(r.Categories, Category{ID: c.id, Title: tr(base+"title", nil), Data: tr(base+"data", nil),
			Purpose: tr(base+"purpose", nil), Access: tr(base+"access", nil), Retention: tr(retention, c.data(p))})
	}
	return r
}
