package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants"
)

// SendArgs is the job that sends one message of a school's outbox. It holds
// ids only; the message itself stays in the school's schema.
type SendArgs struct {
	Tenant   string `json:"tenant"`
	OutboxID int64  `json:"outboxId"`
}

// Kind names the job kind.
func (SendArgs) Kind() string { return "mail.send" }

// InsertOpts puts mail jobs on the mail queue and retries them for about an
// hour and a half with River's growing back-off.
func (SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMail, MaxAttempts: 10}
}

// enqueuer inserts a job in the current scope's transaction.
type enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// manyEnqueuer inserts many jobs in one statement (jobs.Queue).
type manyEnqueuer interface {
	EnqueueMany(ctx context.Context, params []river.InsertManyParams) error
}

// Outbox queues messages in the request's transaction.
type Outbox struct {
	jobs enqueuer
}

// NewOutbox makes an outbox that enqueues its send jobs on q.
func NewOutbox(q enqueuer) *Outbox { return &Outbox{jobs: q} }

// Queue stores m in the current school's outbox and enqueues the job that
// sends it, both in the scope's transaction: when the transaction rolls back
// neither exists. Returns tenants.ErrNoScope outside a school scope.
func (o *Outbox) Queue(ctx context.Context, m Message) error {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	if !validAddress(m.To) {
		return errors.New("queue mail: recipient is not a plain e-mail address")
	}
	var id int64
	if err := tx.Raw(`INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES (?, ?, ?, ?) RETURNING id`,
		m.To, m.Subject, m.Text, m.HTML).Scan(&id).Error; err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	return o.jobs.Enqueue(ctx, SendArgs{Tenant: t.Slug, OutboxID: id}, nil)
}

// QueueAll stores ms in the current school's outbox and enqueues the jobs
// that send them, as Queue does one, in two statements whatever their
// number (a sweep's reminders). A message to an address that is not plain
// refuses them all.
func (o *Outbox) QueueAll(ctx context.Context, ms []Message) error {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	if len(ms) == 0 {
		return nil
	}
	type row struct {
		To      string `json:"to"`
		Subject string `json:"subject"`
		Text    string `json:"text"`
		HTML    string `json:"html"`
	}
	rows := make([]row, len(ms))
	for i, m := range ms {
		if !validAddress(m.To) {
			return errors.New("queue mail: recipient is not a plain e-mail address")
		}
		rows[i] = row{m.To, m.Subject, m.Text, m.HTML}
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	var ids []int64
	if err := tx.Raw(`INSERT INTO mail_outbox (to_address, subject, text_body, html_body)
		SELECT "to", subject, text, html FROM json_to_recordset(?::json) AS x("to" text, subject text, text text, html text)
		RETURNING id`, string(raw)).Scan(&ids).Error; err != nil {
		return fmt.Errorf("queue %d messages: %w", len(ms), err)
	}
	if many, ok := o.jobs.(manyEnqueuer); ok {
		params := make([]river.InsertManyParams, len(ids))
		for i, id := range ids {
			params[i] = river.InsertManyParams{Args: SendArgs{Tenant: t.Slug, OutboxID: id}}
		}
		return many.EnqueueMany(ctx, params)
	}
	for _, id := range ids {
		if err := o.jobs.Enqueue(ctx, SendArgs{Tenant: t.Slug, OutboxID: id}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Schools is what the worker needs of the tenant registry.
type Schools interface {
	BySlug(slug string) (*tenants.Tenant, bool)
	TargetVersion() int64
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}

// Worker sends the messages of schools' outboxes.
type Worker struct {
	river.WorkerDefaults[SendArgs]
	schools Schools
	sender  Sender
	log     *slog.Logger
}

// NewWorker makes the worker that sends outbox messages through sender.
func NewWorker(schools Schools, sender Sender, log *slog.Logger) *Worker {
	return &Worker{schools: schools, sender: sender, log: log}
}

// Timeout bounds one attempt.
func (w *Worker) Timeout(*river.Job[SendArgs]) time.Duration { return time.Minute }

// Work sends one message and removes it from the outbox. A message already
// gone (sent by an earlier attempt whose removal was slow to show) counts as
// sent. A school that no longer exists or is disabled cancels the job; one
// being upgraded makes it retry later.
func (w *Worker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	a := job.Args
	t, ok := w.schools.BySlug(a.Tenant)
	if !ok {
		return river.JobCancel(fmt.Errorf("school %q is not registered", a.Tenant))
	}
	if ok, why := t.Serveable(w.schools.TargetVersion()); !ok {
		if t.Status == tenants.Disabled {
			return river.JobCancel(fmt.Errorf("school %s is disabled", a.Tenant))
		}
		return fmt.Errorf("school %s is not ready (%s)", a.Tenant, why)
	}
	var row struct {
		ToAddress string
		Subject   string
		TextBody  string
		HTMLBody  string
	}
	found := false
	err := w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		res := tx.Raw("SELECT to_address, subject, text_body, html_body FROM mail_outbox WHERE id = ?", a.OutboxID).Scan(&row)
		found = res.RowsAffected == 1
		return res.Error
	})
	if err != nil {
		return fmt.Errorf("read outbox message %d of %s: %w", a.OutboxID, a.Tenant, err)
	}
	if !found {
		return nil
	}
	if err := w.sender.Send(ctx, Message{To: row.ToAddress, Subject: row.Subject, Text: row.TextBody, HTML: row.HTMLBody}); err != nil {
		// Mail servers quote the recipient in their refusals; the error
		// goes to logs and to the job's record, so the address is cut out.
		err = redact(err, row.ToAddress)
		w.log.Warn("mail not sent", "tenant", a.Tenant, "job_id", job.ID, "outbox_id", a.OutboxID, "attempt", job.Attempt, "error", err.Error())
		return err
	}
	err = w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Exec("DELETE FROM mail_outbox WHERE id = ?", a.OutboxID).Error
	})
	if err != nil {
		// Sent, but still in the outbox: a retry would send it twice, so
		// leave it to the clean-up.
		w.log.Error("mail sent but not removed from outbox", "tenant", a.Tenant, "outbox_id", a.OutboxID, "error", err.Error())
		return nil
	}
	w.log.Info("mail sent", "tenant", a.Tenant, "job_id", job.ID, "outbox_id", a.OutboxID)
	return nil
}

// redact returns err's text with every spelling of address replaced.
func redact(err error, address string) error {
	re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(address))
	return errors.New(re.ReplaceAllString(err.Error(), "<recipient>"))
}
