// Package arkivmelding builds the Noark 5 arkivmelding (Arkivverket's
// message format for records sent to a case and records system) of a
// placement's archived result, so that the school's archive files the signed
// signing form without anyone handling it by hand.
//
// One arkivmelding holds one saksmappe (case folder) per student and
// placement, or, when the school names an existing case by its system id,
// no folder and a registry entry filed in that case. The registry entry is
// a journalpost of the type "Organinternt dokument uten oppfølging" (the
// school's own assessment, which calls for no reply) with the signed
// signing form's final PDF as hoveddokument and the full assessment PDF as
// vedlegg. Titles are in the school's language; the public title
// (offentligTittel) leaves out the student's name, which is personal data,
// and both the folder and the entry are screened under the Freedom of
// Information Act § 13 with the Public Administration Act § 13.
//
// Every systemID is a name-based UUID (version 5) of the school, the
// signing form and the role of the object, so a message sent again for the
// same form carries the same ids and the archive recognises it instead of
// filing a duplicate. The types mirror arkivmelding.xsd (copied unchanged
// in xsd/): element order is the schema's sequence.
package arkivmelding

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/tenants/texts"
)

// Namespace is the arkivmelding XML namespace.
const Namespace = "http://www.arkivverket.no/standarder/noark5/arkivmelding"

// Standard is the eFormidling document type of an arkivmelding.
const Standard = "urn:no:difi:arkivmelding:xsd::arkivmelding"

// DefaultProcess is the eFormidling process for case handling, used when a
// school names none.
const DefaultProcess = "urn:no:difi:profile:arkivmelding:administrasjon:ver1.0"

// System names the sending system in every message and as the creator of
// every object.
const System = "Praksis"

// File names of the documents in the message.
const (
	MainFile       = "signeringsskjema.pdf"
	AttachmentFile = "vurdering.pdf"
	FileName       = "arkivmelding.xml"
)

// Noark 5 code values used (metadatakatalog.xsd).
const (
	journalposttype     = "Organinternt dokument uten oppfølging"
	journalstatus       = "Journalført"
	saksstatus          = "Avsluttet"
	dokumentstatus      = "Dokumentet er ferdigstilt"
	hoveddokument       = "Hoveddokument"
	vedlegg             = "Vedlegg"
	variantformat       = "Produksjonsformat"
	internAvsender      = "Intern avsender"
	tilgangsrestriksjon = "13"
	skjermingshjemmel   = "Offl. § 13 jf. fvl. § 13 første ledd nr. 1"
	skjermingDokument   = "Skjerming av hele dokumentet"
)

// Options are a school's archive settings that shape the message.
type Options struct {
	// Language is the school's language for titles (nb, nn or en).
	Language string
	// AdministrativeUnit is the unit responsible for the case; the school's
	// name when empty.
	AdministrativeUnit string
	// CaseSystemID, when set, is the system id of an existing case in the
	// archive: the entry is filed there and no folder is sent.
	CaseSystemID string
	// ClassificationSystem and ClassID classify the folder; ClassID empty
	// means the subject code. No classification when ClassificationSystem is
	// empty.
	ClassificationSystem string
	ClassID              string
}

// namespaceUUID roots every systemID Praksis derives.
var namespaceUUID = uuid.NewSHA1(uuid.NameSpaceURL, []byte("urn:praksis:arkivmelding"))

// ID returns the stable UUID of an object of a school's signing form:
// role names the object ("saksmappe", "journalpost", "hoveddokument",
// "conversation", "message/2", …).
func ID(school string, signingFormID int64, role string) string {
	return uuid.NewSHA1(namespaceUUID, fmt.Appendf(nil, "%s/%d/%s", school, signingFormID, role)).String()
}

// Arkivmelding is the root element.
type Arkivmelding struct {
	XMLName     xml.Name      `xml:"http://www.arkivverket.no/standarder/noark5/arkivmelding arkivmelding"`
	XSI         string        `xml:"xmlns:xsi,attr"`
	System      string        `xml:"system"`
	MeldingID   string        `xml:"meldingId"`
	Tidspunkt   string        `xml:"tidspunkt"`
	AntallFiler int           `xml:"antallFiler"`
	Mappe       []Saksmappe   `xml:"mappe"`
	Registering []Journalpost `xml:"basisregistrering"`
}

// Saksmappe is a case folder (mappe extended by saksmappe).
type Saksmappe struct {
	Type               string           `xml:"xsi:type,attr"`
	SystemID           string           `xml:"systemID"`
	Tittel             string           `xml:"tittel"`
	OffentligTittel    string           `xml:"offentligTittel"`
	OpprettetDato      string           `xml:"opprettetDato"`
	OpprettetAv        string           `xml:"opprettetAv"`
	AvsluttetDato      string           `xml:"avsluttetDato"`
	AvsluttetAv        string           `xml:"avsluttetAv"`
	Skjerming          *Skjerming       `xml:"skjerming"`
	Klassifikasjon     []Klassifikasjon `xml:"klassifikasjon"`
	Registrering       []Journalpost    `xml:"basisregistrering"`
	Saksdato           string           `xml:"saksdato"`
	AdministrativEnhet string           `xml:"administrativEnhet"`
	Saksansvarlig      string           `xml:"saksansvarlig"`
	Saksstatus         string           `xml:"saksstatus"`
}

// Klassifikasjon classifies a folder in one of the archive's schemes.
type Klassifikasjon struct {
	System   string `xml:"referanseKlassifikasjonssystem"`
	KlasseID string `xml:"klasseID"`
	Tittel   string `xml:"tittel"`
}

// Skjerming screens an object from public access.
type Skjerming struct {
	Tilgangsrestriksjon string   `xml:"tilgangsrestriksjon"`
	Skjermingshjemmel   string   `xml:"skjermingshjemmel"`
	SkjermingMetadata   []string `xml:"skjermingMetadata"`
	SkjermingDokument   string   `xml:"skjermingDokument,omitempty"`
}

// Journalpost is a registry entry (registrering, extended by
// basisregistrering and journalpost).
type Journalpost struct {
	Type                   string                `xml:"xsi:type,attr"`
	SystemID               string                `xml:"systemID"`
	OpprettetDato          string                `xml:"opprettetDato"`
	OpprettetAv            string                `xml:"opprettetAv"`
	ArkivertDato           string                `xml:"arkivertDato"`
	ArkivertAv             string                `xml:"arkivertAv"`
	ReferanseForelderMappe string                `xml:"referanseForelderMappe"`
	Skjerming              *Skjerming            `xml:"skjerming"`
	Dokumentbeskrivelse    []Dokumentbeskrivelse `xml:"dokumentbeskrivelse"`
	Tittel                 string                `xml:"tittel"`
	OffentligTittel        string                `xml:"offentligTittel"`
	Beskrivelse            string                `xml:"beskrivelse,omitempty"`
	Forfatter              []string              `xml:"forfatter"`
	Journalposttype        string                `xml:"journalposttype"`
	Journalstatus          string                `xml:"journalstatus"`
	Journaldato            string                `xml:"journaldato"`
	DokumentetsDato        string                `xml:"dokumentetsDato"`
	AntallVedlegg          int                   `xml:"antallVedlegg"`
	Korrespondansepart     []Korrespondansepart  `xml:"korrespondansepart"`
}

// Korrespondansepart is a party to the entry.
type Korrespondansepart struct {
	Type string `xml:"korrespondanseparttype"`
	Navn string `xml:"korrespondansepartNavn"`
}

// Dokumentbeskrivelse describes one document of the entry.
type Dokumentbeskrivelse struct {
	SystemID                  string           `xml:"systemID"`
	Dokumenttype              string           `xml:"dokumenttype"`
	Dokumentstatus            string           `xml:"dokumentstatus"`
	Tittel                    string           `xml:"tittel"`
	OpprettetDato             string           `xml:"opprettetDato"`
	OpprettetAv               string           `xml:"opprettetAv"`
	TilknyttetRegistreringSom string           `xml:"tilknyttetRegistreringSom"`
	Dokumentnummer            int              `xml:"dokumentnummer"`
	TilknyttetDato            string           `xml:"tilknyttetDato"`
	TilknyttetAv              string           `xml:"tilknyttetAv"`
	Dokumentobjekt            []Dokumentobjekt `xml:"dokumentobjekt"`
}

// Dokumentobjekt is one file of a document.
type Dokumentobjekt struct {
	Versjonsnummer       int    `xml:"versjonsnummer"`
	Variantformat        string `xml:"variantformat"`
	OpprettetDato        string `xml:"opprettetDato"`
	OpprettetAv          string `xml:"opprettetAv"`
	ReferanseDokumentfil string `xml:"referanseDokumentfil"`
}

// oslo is the time zone of dates (xs:date) in the message.
var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()

func dateTime(t time.Time) string { return t.In(oslo).Format("2006-01-02T15:04:05-07:00") }
func date(t time.Time) string     { return t.In(oslo).Format("2006-01-02") }

// Build returns the arkivmelding of an archived result. The message id is
// messageID (the eFormidling message it travels in).
func Build(rec *results.Record, messageID string, o Options) (*Arkivmelding, error) {
	if rec == nil || len(rec.Signatures) == 0 {
		return nil, fmt.Errorf("build arkivmelding: the record has no signatures")
	}
	lang := texts.Negotiate(o.Language, "", texts.Default)
	tr := func(id string, data map[string]any) string { return texts.Base().T(lang, id, data) }
	school, form := rec.School.Slug, rec.SigningFormID
	var teacher string
	var lastSigned time.Time
	for _, s := range rec.Signatures {
		if s.Party == "teacher" {
			teacher = s.Name
		}
		if s.SignedAt.After(lastSigned) {
			lastSigned = s.SignedAt
		}
	}
	unit := strings.TrimSpace(o.AdministrativeUnit)
	if unit == "" {
		unit = rec.School.Name
	}
	result := "pending"
	if rec.Values.OverallPassed != nil {
		result = *rec.Values.OverallPassed
	}
	data := map[string]any{
		"Student": rec.Student.Name, "Subject": strings.TrimSpace(rec.Class.Subject.Code + " " + rec.Class.Subject.Name),
		"Semester": rec.Class.Semester.Name, "Result": tr("arkivmelding.result."+result, nil),
	}
	folderID := ID(school, form, "saksmappe")
	parent := folderID
	if o.CaseSystemID != "" {
		parent = o.CaseSystemID
	}
	created := dateTime(rec.ArchivedAt)
	screening := &Skjerming{Tilgangsrestriksjon: tilgangsrestriksjon, Skjermingshjemmel: skjermingshjemmel,
		SkjermingMetadata: []string{"tittel", "korrespondansepart"}}
	doc := func(role, kind, title, file, as string, n int) Dokumentbeskrivelse {
		return Dokumentbeskrivelse{SystemID: ID(school, form, role), Dokumenttype: kind, Dokumentstatus: dokumentstatus,
			Tittel: title, OpprettetDato: created, OpprettetAv: System, TilknyttetRegistreringSom: as, Dokumentnummer: n,
			TilknyttetDato: created, TilknyttetAv: System,
			Dokumentobjekt: []Dokumentobjekt{{Versjonsnummer: 1, Variantformat: variantformat, OpprettetDato: created,
				OpprettetAv: System, ReferanseDokumentfil: file}}}
	}
	entry := Journalpost{
		Type: "journalpost", SystemID: ID(school, form, "journalpost"), OpprettetDato: created, OpprettetAv: System,
		ArkivertDato: created, ArkivertAv: System, ReferanseForelderMappe: parent,
		Skjerming: &Skjerming{Tilgangsrestriksjon: tilgangsrestriksjon, Skjermingshjemmel: skjermingshjemmel,
			SkjermingMetadata: screening.SkjermingMetadata, SkjermingDokument: skjermingDokument},
		Dokumentbeskrivelse: []Dokumentbeskrivelse{
			doc("hoveddokument", tr("arkivmelding.document.signing", nil), tr("arkivmelding.document.signingTitle", data), MainFile, hoveddokument, 1),
			doc("vedlegg", tr("arkivmelding.document.assessment", nil), tr("arkivmelding.document.assessmentTitle", data), AttachmentFile, vedlegg, 2),
		},
		Tittel: tr("arkivmelding.entry.title", data), OffentligTittel: tr("arkivmelding.entry.publicTitle", data),
		Beskrivelse:     tr("arkivmelding.entry.description", data),
		Journalposttype: journalposttype, Journalstatus: journalstatus,
		Journaldato: date(rec.ArchivedAt), DokumentetsDato: date(lastSigned), AntallVedlegg: 1,
	}
	if rec.SignWithoutAdvisorConfirmedAt != nil {
		entry.Beskrivelse += " " + tr("arkivmelding.entry.withoutSupervisor", nil)
	}
	if teacher != "" {
		entry.Forfatter = []string{teacher}
		entry.Korrespondansepart = []Korrespondansepart{{Type: internAvsender, Navn: teacher}}
	}
	m := &Arkivmelding{XSI: "http://www.w3.org/2001/XMLSchema-instance", System: System, MeldingID: messageID,
		Tidspunkt: created, AntallFiler: 2}
	if o.CaseSystemID != "" {
		if _, err := uuid.Parse(o.CaseSystemID); err != nil {
			return nil, fmt.Errorf("build arkivmelding: the case system id %q is not a UUID", o.CaseSystemID)
		}
		m.Registering = []Journalpost{entry}
		return m, nil
	}
	folder := Saksmappe{
		Type: "saksmappe", SystemID: folderID, Tittel: tr("arkivmelding.case.title", data),
		OffentligTittel: tr("arkivmelding.case.publicTitle", data), OpprettetDato: created, OpprettetAv: System,
		AvsluttetDato: created, AvsluttetAv: System, Skjerming: screening,
		Registrering: []Journalpost{entry}, Saksdato: date(rec.LockedAt), AdministrativEnhet: unit,
		Saksansvarlig: teacher, Saksstatus: saksstatus,
	}
	if folder.Saksansvarlig == "" {
		folder.Saksansvarlig = unit
	}
	if sys := strings.TrimSpace(o.ClassificationSystem); sys != "" {
		id, title := strings.TrimSpace(o.ClassID), rec.Class.Subject.Name
		if id == "" {
			id = rec.Class.Subject.Code
		} else {
			title = id
		}
		folder.Klassifikasjon = []Klassifikasjon{{System: sys, KlasseID: id, Tittel: title}}
	}
	m.Mappe = []Saksmappe{folder}
	return m, nil
}

// Marshal writes the message as indented UTF-8 XML with a declaration and
// a final line feed: the bytes of arkivmelding.xml.
func (m *Arkivmelding) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("encode arkivmelding: %w", err)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}
