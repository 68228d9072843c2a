package eformidling

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/arkivmelding"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/fullpdf"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Delivery states (archive_deliveries.status).
const (
	Pending   = "pending"
	Sent      = "sent"
	Delivered = "delivered"
	Failed    = "failed"
)

// MaxAttempts is how often a failing step is tried before River discards
// the job: with attempt⁴ seconds between tries, about six and a half days.
const MaxAttempts = 20

// DeliveryDeadline is how long after sending Praksis waits for LEVERT
// before it marks the delivery failed.
const DeliveryDeadline = 7 * 24 * time.Hour

// DeliverArgs is the job that delivers one archived result. Round counts
// the admins' retries after a failure, so that each retry is a new job
// while a repeated enqueue of the same round is not.
type DeliverArgs struct {
	Tenant        string `json:"tenant" river:"unique"`
	SigningFormID int64  `json:"signingFormId" river:"unique"`
	Round         int    `json:"round" river:"unique"`
}

// Kind names the job kind.
func (DeliverArgs) Kind() string { return "eformidling.deliver" }

// InsertOpts makes the job unique per school, form and round.
func (DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Delivery is the state of one form's delivery, as admins see it.
type Delivery struct {
	SigningFormID  int64      `json:"signingFormId"`
	Round          int        `json:"round" description:"1 for the first message, one more for each retry"`
	MessageID      string     `json:"messageId" format:"uuid"`
	ConversationID string     `json:"conversationId" format:"uuid"`
	Status         string     `json:"status" enum:"pending,sent,delivered,failed"`
	LastStatus     *string    `json:"lastStatus" description:"The last status the integrasjonspunkt reported, such as LEVERT"`
	Reason         *string    `json:"reason" description:"Why it failed"`
	Attempts       int        `json:"attempts"`
	SentAt         *time.Time `json:"sentAt"`
	DeliveredAt    *time.Time `json:"deliveredAt"`
	FailedAt       *time.Time `json:"failedAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
}

const deliveryColumns = `signing_form_id, round, message_id::text AS message_id, conversation_id::text AS conversation_id, status,
	last_status, reason, attempts, sent_at, delivered_at, failed_at, updated_at`

// load reads the delivery of a form in the scope; nil when there is none.
func load(tx *gorm.DB, formID int64, lock bool) (*Delivery, error) {
	q := "SELECT " + deliveryColumns + " FROM archive_deliveries WHERE signing_form_id = ?"
	if lock {
		q += " FOR UPDATE"
	}
	var d []Delivery
	if err := tx.Raw(q, formID).Scan(&d).Error; err != nil {
		return nil, fmt.Errorf("read the delivery of signing form %d: %w", formID, err)
	}
	if len(d) == 0 {
		return nil, nil
	}
	return &d[0], nil
}

// MessageID is the eFormidling message id of a round of a form.
func MessageID(school string, formID int64, round int) string {
	return arkivmelding.ID(school, formID, fmt.Sprintf("message/%d", round))
}

// ConversationID is the conversation id of every message of a form.
func ConversationID(school string, formID int64) string {
	return arkivmelding.ID(school, formID, "conversation")
}

// Start records a pending delivery of the form (round 1) and enqueues its
// job, in the scope's transaction; nothing when the school has eFormidling
// off or the form has a delivery already. The archive job calls it.
func Start(ctx context.Context, q results.Enqueuer, formID int64) error {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	cfg, err := Load(ctx)
	if err != nil {
		return err
	}
	if !cfg.Usable() {
		return nil
	}
	res := tx.Exec(`INSERT INTO archive_deliveries (signing_form_id, round, message_id, conversation_id, status)
		VALUES (?, 1, ?, ?, 'pending') ON CONFLICT (signing_form_id) DO NOTHING`,
		formID, MessageID(t.Slug, formID, 1), ConversationID(t.Slug, formID))
	if res.Error != nil {
		return fmt.Errorf("record the delivery of signing form %d: %w", formID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	return q.Enqueue(ctx, DeliverArgs{Tenant: t.Slug, SigningFormID: formID, Round: 1}, nil)
}

// ErrNotRetryable says that a delivery is on its way or done, so there is
// nothing to retry.
var ErrNotRetryable = errors.New("the delivery is not failed")

// ErrOff says that the school has eFormidling off or not set up.
var ErrOff = errors.New("eFormidling is not set up for the school")

// ErrNotArchived says that the form has no archived result yet.
var ErrNotArchived = errors.New("the result is not archived yet")

// Retry starts a new round for a failed delivery (or the first for an
// archived result that has none, such as one archived before the school
// set up eFormidling), with a new message id, and enqueues its job, in the
// scope's transaction.
func Retry(ctx context.Context, q results.Enqueuer, formID int64) (*Delivery, error) {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return nil, tenants.ErrNoScope
	}
	var archived int64
	if err := tx.Raw("SELECT count(*) FROM result_archive WHERE signing_form_id = ?", formID).Scan(&archived).Error; err != nil {
		return nil, fmt.Errorf("read the archive of signing form %d: %w", formID, err)
	}
	if archived == 0 {
		return nil, ErrNotArchived
	}
	cfg, err := Load(ctx)
	if err != nil {
		return nil, err
	}
	if !cfg.Usable() {
		return nil, ErrOff
	}
	d, err := load(tx, formID, true)
	if err != nil {
		return nil, err
	}
	round := 1
	switch {
	case d == nil:
		if err := tx.Exec(`INSERT INTO archive_deliveries (signing_form_id, round, message_id, conversation_id, status)
			VALUES (?, 1, ?, ?, 'pending')`, formID, MessageID(t.Slug, formID, 1), ConversationID(t.Slug, formID)).Error; err != nil {
			return nil, fmt.Errorf("record the delivery of signing form %d: %w", formID, err)
		}
	case d.Status != Failed:
		return nil, ErrNotRetryable
	default:
		round = d.Round + 1
		if err := tx.Exec(`UPDATE archive_deliveries SET round = ?, message_id = ?, status = 'pending', last_status = NULL, reason = NULL,
			attempts = 0, sent_at = NULL, delivered_at = NULL, failed_at = NULL, updated_at = now() WHERE signing_form_id = ?`,
			round, MessageID(t.Slug, formID, round), formID).Error; err != nil {
			return nil, fmt.Errorf("restart the delivery of signing form %d: %w", formID, err)
		}
	}
	if err := q.Enqueue(ctx, DeliverArgs{Tenant: t.Slug, SigningFormID: formID, Round: round}, nil); err != nil {
		return nil, err
	}
	return load(tx, formID, false)
}

// Worker runs DeliverArgs (see the package documentation).
type Worker struct {
	river.WorkerDefaults[DeliverArgs]
	schools results.Schools
	log     *slog.Logger
	now     func() time.Time
	timeout time.Duration
	// PollInterval is the first wait between status lookups.
	PollInterval time.Duration
}

// NewWorker delivers for the schools in the registry.
func NewWorker(schools results.Schools, log *slog.Logger) *Worker {
	return &Worker{schools: schools, log: log, now: time.Now, timeout: RequestTimeout, PollInterval: 10 * time.Second}
}

// SetClock replaces the worker's clock (tests).
func (w *Worker) SetClock(now func() time.Time) { w.now = now }

// SetRequestTimeout bounds each call to an integrasjonspunkt (tests).
func (w *Worker) SetRequestTimeout(d time.Duration) { w.timeout = d }

// Timeout bounds one attempt: a few calls and two short transactions.
func (w *Worker) Timeout(*river.Job[DeliverArgs]) time.Duration { return 3*w.timeout + time.Minute }

// step is what one run found in the database.
type step struct {
	cfg  Config
	d    *Delivery
	lang string
	rec  *results.Record
	pdf  []byte
	full []byte
}

// Work takes the delivery one step on. It returns nil when the delivery is
// done (delivered or failed) or superseded, river.JobSnooze while waiting
// for LEVERT, and an error (retried with back-off) when the
// integrasjonspunkt could not be reached.
func (w *Worker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	a := job.Args
	t, ok := w.schools.BySlug(a.Tenant)
	if !ok {
		return river.JobCancel(fmt.Errorf("school %q is not registered", a.Tenant))
	}
	if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
		return river.JobSnooze(time.Minute)
	}
	var s step
	err := w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		var err error
		if s.cfg, err = Load(ctx); err != nil {
			return err
		}
		if s.d, err = load(tx, a.SigningFormID, false); err != nil || s.d == nil {
			return err
		}
		if s.d.Round != a.Round || s.d.Status != Pending || !s.cfg.Usable() {
			return nil
		}
		var row struct {
			PDF           []byte
			Record        []byte
			ClassID       int64
			StudentUserID int64
			ArchivedAt    time.Time
		}
		q := tx.Raw("SELECT pdf, record, class_id, student_user_id, archived_at FROM result_archive WHERE signing_form_id = ?", a.SigningFormID).Scan(&row)
		if q.Error != nil {
			return fmt.Errorf("read the archive: %w", q.Error)
		}
		if q.RowsAffected == 0 {
			return river.JobCancel(fmt.Errorf("signing form %d of %s has no archived result", a.SigningFormID, a.Tenant))
		}
		s.rec = &results.Record{}
		if err := json.Unmarshal(row.Record, s.rec); err != nil {
			return river.JobCancel(fmt.Errorf("archived record of signing form %d: %w", a.SigningFormID, err))
		}
		s.pdf = row.PDF
		s.lang = texts.Negotiate(t.DefaultLanguage, "", texts.Default)
		s.full, err = fullpdf.Archive(ctx, row.ClassID, row.StudentUserID, row.ArchivedAt)
		return err
	})
	if err != nil {
		var cancel *river.JobCancelError
		if errors.As(err, &cancel) {
			return cancel
		}
		return fmt.Errorf("deliver signing form %d of %s: %w", a.SigningFormID, a.Tenant, err)
	}
	switch {
	case s.d == nil || s.d.Round != a.Round:
		return nil // superseded by a newer round, or never started
	case !s.cfg.Usable() && (s.d.Status == Pending || s.d.Status == Sent):
		// Switched off on the way: wait, a result is never dropped.
		return river.JobSnooze(time.Hour)
	}
	client := NewClient(s.cfg.URL, w.timeout)
	switch s.d.Status {
	case Pending:
		return w.send(ctx, t, job, client, &s)
	case Sent:
		return w.follow(ctx, t, job, client, &s)
	}
	return nil
}

// record updates the delivery of the job's round in the school's scope,
// with an audit row when action is not empty.
func (w *Worker) record(ctx context.Context, t *tenants.Tenant, a DeliverArgs, set string, action string, details map[string]any, args ...any) error {
	return w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		res := tx.Exec("UPDATE archive_deliveries SET "+set+", updated_at = now() WHERE signing_form_id = ? AND round = ?",
			append(args, a.SigningFormID, a.Round)...)
		if res.Error != nil {
			return fmt.Errorf("record the delivery of signing form %d: %w", a.SigningFormID, res.Error)
		}
		if action == "" || res.RowsAffected == 0 {
			return nil
		}
		var ids struct{ ClassID, StudentUserID int64 }
		if err := tx.Raw("SELECT class_id, student_user_id FROM signing_forms WHERE id = ?", a.SigningFormID).Scan(&ids).Error; err != nil {
			return fmt.Errorf("read signing form %d: %w", a.SigningFormID, err)
		}
		return audit.Record(ctx, audit.Entry{Action: action, Entity: "signingForm", EntityID: a.SigningFormID,
			StudentUserID: ids.StudentUserID, ClassID: ids.ClassID, Details: details})
	})
}

// fail marks the delivery failed for good.
func (w *Worker) fail(ctx context.Context, t *tenants.Tenant, a DeliverArgs, reason string) error {
	now := w.now().UTC()
	if err := w.record(ctx, t, a, "status = 'failed', reason = ?, failed_at = ?", "signingForm.archiveDeliveryFailed",
		map[string]any{"round": a.Round, "reason": reason}, reason, now); err != nil {
		return err
	}
	w.log.Warn("result not delivered to the archive", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "round", a.Round, "reason", reason)
	return nil
}

// retryLater notes why this attempt failed and hands the error to River,
// which tries again with back-off; on the last attempt the delivery is
// marked failed instead.
func (w *Worker) retryLater(ctx context.Context, t *tenants.Tenant, job *river.Job[DeliverArgs], err error) error {
	reason := err.Error()
	if job.Attempt >= job.MaxAttempts && job.MaxAttempts > 0 {
		return w.fail(ctx, t, job.Args, reason)
	}
	if rerr := w.record(ctx, t, job.Args, "attempts = attempts + 1, reason = ?", "", nil, reason); rerr != nil {
		return errors.Join(err, rerr)
	}
	w.log.Info("archive delivery will be retried", "tenant", job.Args.Tenant, "signing_form_id", job.Args.SigningFormID,
		"attempt", job.Attempt, "error", reason)
	return fmt.Errorf("deliver signing form %d of %s: %w", job.Args.SigningFormID, job.Args.Tenant, err)
}

// Build returns the message of an archived result: the SBD and the parts
// (arkivmelding.xml, the signing form, the full assessment).
func Build(cfg Config, rec *results.Record, lang, messageID string, signed, full []byte) ([]byte, []Part, error) {
	am, err := arkivmelding.Build(rec, messageID, cfg.Options(lang))
	if err != nil {
		return nil, nil, err
	}
	doc, err := am.Marshal()
	if err != nil {
		return nil, nil, err
	}
	sbd, err := SBD(cfg, messageID, ConversationID(rec.School.Slug, rec.SigningFormID))
	if err != nil {
		return nil, nil, err
	}
	entry := am.Registering
	if len(am.Mappe) > 0 {
		entry = am.Mappe[0].Registrering
	}
	docs := entry[0].Dokumentbeskrivelse
	return sbd, []Part{
		{Title: "arkivmelding", FileName: arkivmelding.FileName, ContentType: "application/xml", Data: doc},
		{Title: docs[0].Tittel, FileName: arkivmelding.MainFile, ContentType: "application/pdf", Data: signed},
		{Title: docs[1].Tittel, FileName: arkivmelding.AttachmentFile, ContentType: "application/pdf", Data: full},
	}, nil
}

// SBD returns the standard business document that addresses an
// arkivmelding from the school to the archive.
func SBD(cfg Config, messageID, conversationID string) ([]byte, error) {
	party := func(org string) []map[string]any {
		return []map[string]any{{"identifier": map[string]string{"authority": "iso6523-actorid-upis", "value": "0192:" + org}}}
	}
	doc := map[string]any{
		"standardBusinessDocumentHeader": map[string]any{
			"headerVersion": "1.0",
			"sender":        party(cfg.SenderOrgNumber),
			"receiver":      party(cfg.ReceiverOrgNumber),
			"documentIdentification": map[string]any{
				"standard": arkivmelding.Standard, "typeVersion": "1.0", "instanceIdentifier": messageID, "type": "arkivmelding",
			},
			"businessScope": map[string]any{"scope": []map[string]any{{
				"type": "ConversationId", "instanceIdentifier": conversationID, "identifier": cfg.ProcessOrDefault(),
			}}},
		},
		"arkivmelding": map[string]any{"hoveddokument": arkivmelding.MainFile},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode the SBD: %w", err)
	}
	return b, nil
}

// send checks the receiver, makes sure the message is not there already,
// sends it and marks it sent.
func (w *Worker) send(ctx context.Context, t *tenants.Tenant, job *river.Job[DeliverArgs], c *Client, s *step) error {
	a := job.Args
	process := s.cfg.ProcessOrDefault()
	caps, err := c.Capabilities(ctx, s.cfg.ReceiverOrgNumber, process)
	if err != nil {
		if IsRefused(err) {
			return w.fail(ctx, t, a, "capabilities: "+err.Error())
		}
		return w.retryLater(ctx, t, job, err)
	}
	if !TakesArkivmelding(caps, process) {
		return w.fail(ctx, t, a, fmt.Sprintf("the archive %s does not take an arkivmelding in the process %s", s.cfg.ReceiverOrgNumber, process))
	}
	// A message the integrasjonspunkt already has (an answer lost to a
	// timeout or a restart) is not sent again.
	known, err := c.Statuses(ctx, s.d.MessageID)
	if err != nil {
		return w.retryLater(ctx, t, job, err)
	}
	if len(known) == 0 {
		sbd, parts, err := Build(s.cfg, s.rec, s.lang, s.d.MessageID, s.pdf, s.full)
		if err != nil {
			return w.fail(ctx, t, a, err.Error())
		}
		if err := c.Send(ctx, sbd, parts); err != nil {
			if IsRefused(err) {
				return w.fail(ctx, t, a, err.Error())
			}
			return w.retryLater(ctx, t, job, err)
		}
	}
	now := w.now().UTC()
	if err := w.record(ctx, t, a, "status = 'sent', sent_at = ?, last_status = coalesce(last_status, 'OPPRETTET'), reason = NULL",
		"signingForm.archiveSent", map[string]any{"round": a.Round, "messageId": s.d.MessageID}, now); err != nil {
		return err
	}
	w.log.Info("result sent to the archive", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "message_id", s.d.MessageID)
	return river.JobSnooze(w.PollInterval)
}

// follow looks up the message's statuses and marks it delivered or failed,
// or waits.
func (w *Worker) follow(ctx context.Context, t *tenants.Tenant, job *river.Job[DeliverArgs], c *Client, s *step) error {
	a := job.Args
	statuses, err := c.Statuses(ctx, s.d.MessageID)
	if err != nil {
		return w.retryLater(ctx, t, job, err)
	}
	now := w.now().UTC()
	var last *Status
	for i := range statuses {
		st := &statuses[i]
		last = st
		switch st.Status {
		case "LEVERT", "LEST":
			if err := w.record(ctx, t, a, "status = 'delivered', last_status = ?, delivered_at = ?, reason = NULL",
				"signingForm.archiveDelivered", map[string]any{"round": a.Round, "messageId": s.d.MessageID}, st.Status, now); err != nil {
				return err
			}
			w.log.Info("result delivered to the archive", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "message_id", s.d.MessageID)
			return nil
		case "FEIL", "LEVETID_UTLOPT":
			if err := w.record(ctx, t, a, "last_status = ?", "", nil, st.Status); err != nil {
				return err
			}
			return w.fail(ctx, t, a, strings.TrimSpace(st.Status+": "+st.Description))
		}
	}
	if last != nil && (s.d.LastStatus == nil || *s.d.LastStatus != last.Status) {
		if err := w.record(ctx, t, a, "last_status = ?", "", nil, last.Status); err != nil {
			return err
		}
	}
	if s.d.SentAt != nil && now.Sub(*s.d.SentAt) > DeliveryDeadline {
		return w.fail(ctx, t, a, "no delivery receipt (LEVERT) within seven days")
	}
	wait := w.PollInterval
	if s.d.SentAt != nil {
		// Doubling with the time since sending, up to 15 minutes.
		for since := now.Sub(*s.d.SentAt); wait < since && wait < 15*time.Minute; wait *= 2 {
		}
		wait = min(wait, 15*time.Minute)
	}
	return river.JobSnooze(wait)
}
