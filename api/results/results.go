// Package results archives the final result of a placement and submits it
// to the student administration system.
//
// # Archiving
//
// When the third signature locks a signing form, Scheduler enqueues the job
// signing.archive {tenant, signingFormId} in the same transaction, scheduled
// ArchiveDelay (72 hours) after locked_at and unique per school and form, so
// a retried request cannot enqueue it twice. Jobs are rows in River's
// tables, so they survive restarts. The ArchiveWorker runs in the school's
// scope; it does nothing when the form is archived already, and snoozes the
// job when run before locked_at + 72 hours by its own clock. Otherwise, in
// one transaction, it
//
//   - writes the final PDF (the signing form with the school's header, in
//     the school's default language) and the JSON Record;
//   - computes SHA-256 over the exact byte sequence PDF || record: every
//     byte of the PDF immediately followed by every byte of the record
//     (UTF-8 JSON, compact, no trailing newline), with nothing between or
//     around them, written as 64 lower-case hex digits;
//   - stores PDF, record and hash in result_archive, append-only (a
//     trigger refuses UPDATE and DELETE) with one row per form;
//   - sets the form's assessment_result_archived_at, writes the audit row
//     signingForm.archived, and enqueues the submission job.
//
// # Submission
//
// The SubmitWorker (job signing.submit) hands the archived record to an
// Exporter: FileExporter writes <dir>/<school>/<signingFormId>.json,
// WebhookExporter POSTs the same document to a configured URL. Both send
// the signed Document (see Result.Document). On success the form's
// assessment_result_submitted_at is set and the audit row
// signingForm.submitted written, once. With no exporter configured results
// are archived but not submitted (logged once per process).
//
// Retry policy: a failed export is retried with River's default back-off,
// attempt⁴ seconds ±10% (1 s, 16 s, 81 s, 4 min, … 36 h), up to
// SubmitMaxAttempts attempts, about six and a half days in all; the job is
// then discarded and kept a day for operators. A failure that retrying
// cannot fix (a web hook answering 4xx other than 408 and 429, or a
// different file already at the export path) cancels the job at once.
package results

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// RecordFormat names the version of the Record's shape.
const RecordFormat = "praksis.result.v1"

// Record is the archived result of one placement: who, what, the form's
// values, and the three signatures with time and sign-in method. Times are
// UTC with microsecond precision, dates YYYY-MM-DD. Field order is fixed,
// so the same result always encodes to the same bytes.
type Record struct {
	Format        string      `json:"format"`
	School        School      `json:"school"`
	SigningFormID int64       `json:"signingFormId"`
	Student       Student     `json:"student"`
	Class         Class       `json:"class"`
	Values        Values      `json:"values"`
	Signatures    []Signature `json:"signatures"`
	// SignWithoutAdvisorConfirmedAt is when the teacher confirmed signing
	// before the supervisor had.
	SignWithoutAdvisorConfirmedAt *time.Time `json:"signWithoutAdvisorConfirmedAt"`
	LockedAt                      time.Time  `json:"lockedAt"`
	ArchivedAt                    time.Time  `json:"archivedAt"`
}

// School is the school that owns the result.
type School struct {
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	OrgNumber string `json:"orgNumber"`
}

// Student is whom the result is about.
type Student struct {
	ID      int64   `json:"id"`
	Name    string  `json:"name"`
	Email   string  `json:"email"`
	FeideID *string `json:"feideId"`
}

// Class is the placement: a subject in a semester.
type Class struct {
	ID       int64    `json:"id"`
	Subject  Subject  `json:"subject"`
	Semester Semester `json:"semester"`
}

// Subject is the class's subject.
type Subject struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Semester is the class's semester.
type Semester struct {
	Name      string `json:"name"`
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
}

// Values are the signing form's answers, named as in the API.
type Values struct {
	MidSemesterCompletedDate                *string `json:"midSemesterCompletedDate"`
	MidSemesterStudentHasGivenFeedback      *string `json:"midSemesterStudentHasGivenFeedback"`
	MidSemesterSpecificCompetenceAreasBegun *string `json:"midSemesterSpecificCompetenceAreasBegun"`
	EndSemesterCompletedDate                *string `json:"endSemesterCompletedDate"`
	AttendancePassed                        *string `json:"attendancePassed"`
	WorkRequirementsPassed                  *string `json:"workRequirementsPassed"`
	SpecificCompetenceAreasPassed           *string `json:"specificCompetenceAreasPassed"`
	GeneralCompetenceAreasPassed            *string `json:"generalCompetenceAreasPassed"`
	TeacherComment                          *string `json:"teacherComment"`
	OverallPassed                           *string `json:"overallPassed"`
}

// Signature is one party's signature: teacher, advisor (the supervisor) or
// student, who signed, when, and how they had signed in (feide, vipps or
// code).
type Signature struct {
	Party        string    `json:"party"`
	UserID       int64     `json:"userId"`
	Name         string    `json:"name"`
	SignedAt     time.Time `json:"signedAt"`
	SignInMethod string    `json:"signInMethod"`
}

// encode writes v as compact JSON without HTML escaping and without a
// trailing newline: the bytes that are hashed, stored and signed.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode %T: %w", v, err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Encode returns the record's bytes as archived and hashed.
func (r *Record) Encode() ([]byte, error) { return encode(r) }

// Hash returns the lower-case hex SHA-256 of pdf immediately followed by
// record: sha256(pdf || record).
func Hash(pdf, record []byte) string {
	h := sha256.New()
	h.Write(pdf)
	h.Write(record)
	return hex.EncodeToString(h.Sum(nil))
}

// hmacHex returns the lower-case hex HMAC-SHA256 of the parts, one after
// the other, under key.
func hmacHex(key []byte, parts ...[]byte) string {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		m.Write(p)
	}
	return hex.EncodeToString(m.Sum(nil))
}

// DocumentFormat names the version of the exported Document's shape.
const DocumentFormat = "praksis.result-export.v1"

// Result is an archived result on its way to the student administration
// system.
type Result struct {
	// School is the school's slug.
	School        string
	SigningFormID int64
	// SHA256 is the archive's hash, sha256(pdf || record) in hex.
	SHA256 string
	// Record is the archived JSON record, byte for byte.
	Record []byte
}

// Document is what the exporters deliver. Record is the archived record
// byte for byte (compact JSON, embedded as is). Signature is
// "hmac-sha256=" and the lower-case hex HMAC-SHA256, under the configured
// key, of the bytes: sha256 (the 64 hex digits as ASCII), one line feed
// (0x0A), then the record's bytes. A receiver verifies it by reading
// "record" as raw bytes (for example Go's json.RawMessage), recomputing the
// HMAC and comparing in constant time.
type Document struct {
	Format        string          `json:"format"`
	School        string          `json:"school"`
	SigningFormID int64           `json:"signingFormId"`
	SHA256        string          `json:"sha256"`
	Record        json.RawMessage `json:"record"`
	Signature     string          `json:"signature"`
}

// SignatureOf returns the Document signature of a result under key.
func SignatureOf(key []byte, sha string, record []byte) string {
	return "hmac-sha256=" + hmacHex(key, []byte(sha), []byte("\n"), record)
}

// Document returns the signed document of the result as compact JSON
// (no trailing newline), the same bytes for every exporter and every
// attempt. It fails when the record is not valid JSON.
func (r Result) Document(key []byte) ([]byte, error) {
	if !json.Valid(r.Record) {
		return nil, fmt.Errorf("record of signing form %d in %s is not valid JSON", r.SigningFormID, r.School)
	}
	return encode(Document{Format: DocumentFormat, School: r.School, SigningFormID: r.SigningFormID, SHA256: r.SHA256,
		Record: json.RawMessage(r.Record), Signature: SignatureOf(key, r.SHA256, r.Record)})
}

// DeliveryID names the result for receivers: the same across retries, so a
// receiver can recognise a delivery it already has.
func (r Result) DeliveryID() string {
	short := r.SHA256
	if len(short) > 16 {
		short = short[:16]
	}
	return fmt.Sprintf("%s-%d-%s", r.School, r.SigningFormID, short)
}
