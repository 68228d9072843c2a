// Package calendar is each person's private calendar feed: an iCalendar
// (RFC 5545) file at an address only its owner knows, with the deadlines
// the person must meet and the dates of their placements, for Outlook,
// Google Calendar or a phone to subscribe to.
//
// The address carries a random secret of which only the SHA-256 is
// stored; the address is shown once, when it is made, and renewing it
// replaces the secret so that the old address stops working. A calendar
// client fetches without signing in, so the feed carries no more than a
// deadline's title needs: what is due (form, half, or the signing form)
// and the subject code, never a student's name or any answer.
package calendar

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// tokenBytes is the secret's length: 256 bits, beyond guessing.
const tokenBytes = 32

// FeedPrefix is the path of every feed; the secret and ".ics" follow.
const FeedPrefix = "/api/calendar/"

// ErrUnknown is an address with no feed: never made, renewed since, or of
// a person no longer active. It is NotFound, as any other unknown address.
var ErrUnknown = apperror.NotFoundf("calendar.unknown")

// hashOf is what is stored of a secret.
func hashOf(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// Status is whether the caller has a feed; the address itself is shown
// only when it is made (Renew).
type Status struct {
	Active    bool       `json:"active" description:"Whether the caller has a calendar address; renewing makes a new one and stops the old"`
	CreatedAt *time.Time `json:"createdAt" description:"When the current address was made; null without one"`
}

// Feed is a newly made address.
type Feed struct {
	Path      string    `json:"path" description:"The feed's address on the school's host, /api/calendar/{secret}.ics; shown only now (only a hash of the secret is kept)"`
	CreatedAt time.Time `json:"createdAt"`
}

// StatusOf returns whether the person has a feed.
func StatusOf(ctx context.Context, userID int64) (*Status, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var at []time.Time
	if err := tx.Raw("SELECT created_at FROM calendar_feeds WHERE user_id = ?", userID).Scan(&at).Error; err != nil {
		return nil, fmt.Errorf("read calendar feed of user %d: %w", userID, err)
	}
	if len(at) == 0 {
		return &Status{}, nil
	}
	return &Status{Active: true, CreatedAt: &at[0]}, nil
}

// Renew makes the person a new feed address, replacing any earlier one
// (whose address then answers 404), and returns it.
func Renew(ctx context.Context, userID int64) (*Feed, error) {
	secret := make([]byte, tokenBytes)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("make a calendar secret: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(secret)
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var at time.Time
	if err := tx.Raw(`INSERT INTO calendar_feeds (user_id, token_hash) VALUES (?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
		RETURNING created_at`, userID, hashOf(token)).Scan(&at).Error; err != nil {
		return nil, fmt.Errorf("store calendar feed of user %d: %w", userID, err)
	}
	return &Feed{Path: FeedPrefix + token + ".ics", CreatedAt: at}, nil
}

// owner is the person a secret belongs to.
type owner struct {
	UserID    int64
	Language  string
	CreatedAt time.Time
	// ServedETag and ChangedAt are the tag of the text last served and
	// when it was first served (nil before the first read).
	ServedETag *string `gorm:"column:served_etag"`
	ChangedAt  *time.Time
}

// membership is one class the person is in, and as what.
type membership struct {
	ClassID         int64
	Role            deadlines.Role
	SubjectCode     string
	MidSemesterDate *time.Time
	EndSemesterDate *time.Time
}

// Calendar is a feed as served: the iCalendar text and when what it shows
// last changed.
type Calendar struct {
	Body []byte
	// ETag names the body: the same feed gives the same tag.
	ETag string
	// Modified is when the body was first served as it is now (to the
	// second, as Last-Modified has it).
	Modified time.Time
}

// Read returns the feed of a secret: ErrUnknown when no active person
// has it.
func Read(ctx context.Context, token string) (*Calendar, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var found []owner
	if err := tx.Raw(`SELECT f.user_id, u.language, f.created_at, f.served_etag, f.changed_at FROM calendar_feeds f JOIN users u ON u.id = f.user_id
		WHERE f.token_hash = ? AND u.is_active`, hashOf(token)).Scan(&found).Error; err != nil {
		return nil, fmt.Errorf("find calendar feed: %w", err)
	}
	if len(found) == 0 {
		return nil, ErrUnknown
	}
	o := found[0]
	var classes []membership
	if err := tx.Raw(`SELECT m.class_id, m.role, s.subject_code, c.mid_semester_date, c.end_semester_date
		FROM (SELECT class_id, 'student' AS role FROM class_students WHERE user_id = @u
			UNION SELECT class_id, 'advisor' FROM class_advisors WHERE user_id = @u
			UNION SELECT class_id, 'teacher' FROM class_teachers WHERE user_id = @u) m
		JOIN classes c ON c.id = m.class_id JOIN subjects s ON s.id = c.subject_id
		ORDER BY m.class_id, m.role`, map[string]any{"u": o.UserID}).Scan(&classes).Error; err != nil {
		return nil, fmt.Errorf("load classes of user %d: %w", o.UserID, err)
	}
	ids := make([]int64, 0, len(classes))
	for _, c := range classes {
		ids = append(ids, c.ClassID)
	}
	due, err := deadlines.OfClasses(ctx, ids)
	if err != nil {
		return nil, err
	}
	var forms []struct {
		ID   int64
		Name string
	}
	if len(ids) > 0 {
		if err := tx.Raw(`SELECT DISTINCT f.id, f.name FROM forms f JOIN class_forms cf ON cf.form_id = f.id WHERE cf.class_id IN ?`, ids).Scan(&forms).Error; err != nil {
			return nil, fmt.Errorf("load form names of user %d: %w", o.UserID, err)
		}
	}
	names := make(map[int64]string, len(forms))
	for _, f := range forms {
		names[f.ID] = f.Name
	}
	body, err := write(o, classes, due, names)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	cal := &Calendar{Body: body, ETag: `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`}
	if o.ServedETag != nil && *o.ServedETag == cal.ETag && o.ChangedAt != nil {
		cal.Modified = o.ChangedAt.UTC()
		return cal, nil
	}
	// The text differs from the one served before (or none was): it
	// changed now. Only the first read after a change writes.
	cal.Modified = clock.Now(ctx).UTC().Truncate(time.Second)
	if err := tx.Exec("UPDATE calendar_feeds SET served_etag = ?, changed_at = ? WHERE user_id = ?", cal.ETag, cal.Modified, o.UserID).Error; err != nil {
		return nil, fmt.Errorf("record the change of the calendar feed of user %d: %w", o.UserID, err)
	}
	return cal, nil
}

// event is one all-day entry of the feed.
type event struct {
	uid   string
	day   time.Time
	title string
}

// write makes the iCalendar text: the person's deadlines in each class,
// in the role they have there, and each class's mid-semester and end
// dates, titled in the person's language.
func write(o owner, classes []membership, due map[int64][]deadlines.Deadline, forms map[int64]string) ([]byte, error) {
	lang := texts.Normalize(o.Language)
	cat := texts.Base()
	t := func(id string, data map[string]any) string { return cat.T(lang, id, data) }
	var events []event
	dated := map[int64]bool{}
	for _, c := range classes {
		subject := map[string]any{"Subject": c.SubjectCode}
		if !dated[c.ClassID] {
			dated[c.ClassID] = true
			if c.MidSemesterDate != nil {
				events = append(events, event{uid: fmt.Sprintf("class-%d-mid", c.ClassID), day: *c.MidSemesterDate, title: t("calendar.midSemester", subject)})
			}
			if c.EndSemesterDate != nil {
				events = append(events, event{uid: fmt.Sprintf("class-%d-end", c.ClassID), day: *c.EndSemesterDate, title: t("calendar.endSemester", subject)})
			}
		}
		for _, d := range due[c.ClassID] {
			if d.Role != c.Role {
				continue
			}
			var title string
			switch d.Item {
			case deadlines.Answers:
				half := t(map[bool]string{true: "calendar.half.mid", false: "calendar.half.end"}[d.IsMidSemester], nil)
				title = t("calendar.answers", map[string]any{"Form": forms[d.FormID], "Half": half, "Subject": c.SubjectCode})
			case deadlines.SigningEnd:
				title = t("calendar.signingEnd", subject)
			case deadlines.Signature:
				title = t("calendar.signature", subject)
			default:
				continue
			}
			uid := fmt.Sprintf("class-%d-%s-%d-%s-%s", c.ClassID, d.Item, d.FormID, strconv.FormatBool(d.IsMidSemester), d.Role)
			events = append(events, event{uid: uid, day: d.DueDate.Time, title: title})
		}
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].day.Before(events[j].day) })

	cal := ics.NewCalendar()
	cal.SetMethod(ics.MethodPublish)
	cal.SetProductId("-//Praksis//Calendar feed//" + lang)
	cal.SetName(t("calendar.name", nil))
	cal.SetXWRCalName(t("calendar.name", nil))
	cal.SetRefreshInterval("PT6H")
	cal.SetXPublishedTTL("PT6H")
	for _, e := range events {
		ev := cal.AddEvent(e.uid + "-u" + strconv.FormatInt(o.UserID, 10) + "@praksis")
		// The stamp is when the address was made, not now, so that the
		// same feed reads the same and its ETag holds.
		ev.SetDtStampTime(o.CreatedAt.UTC())
		day := periods.Date{Time: e.day.UTC()}
		ev.SetAllDayStartAt(day.Time)
		ev.SetAllDayEndAt(day.AddDate(0, 0, 1))
		ev.SetSummary(e.title)
		ev.SetProperty(ics.ComponentPropertyTransp, "TRANSPARENT")
	}
	var buf bytes.Buffer
	if err := cal.SerializeTo(&buf); err != nil {
		return nil, fmt.Errorf("write calendar of user %d: %w", o.UserID, err)
	}
	return buf.Bytes(), nil
}

// tokenOf is the secret of a feed file name ("{secret}.ics"); false when
// the name cannot be one.
func tokenOf(file string) (string, bool) {
	const ext = ".ics"
	if len(file) <= len(ext) || file[len(file)-len(ext):] != ext {
		return "", false
	}
	token := file[:len(file)-len(ext)]
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != tokenBytes {
		return "", false
	}
	return token, true
}
