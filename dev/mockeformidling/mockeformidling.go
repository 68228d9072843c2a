// Package mockeformidling is the integrasjonspunkt of development and
// tests: a stand-in for the eFormidling service a school runs, which cannot
// run here. It implements the endpoints of the integrasjonspunkt's REST API
// (eFormidling 2) that Praksis uses, as documented:
//
//   - GET  {base}/api/capabilities/{receiverId}[?process=…]
//   - POST {base}/api/messages/out/multipart (part "sbd" with the standard
//     business document as JSON, then one part per file)
//   - GET  {base}/api/statuses/{messageId} (paged, oldest first)
//
// Like a receiving archive it checks what it gets: the SBD's addressing,
// document type and ids, the arkivmelding.xml against the official
// arkivmelding.xsd, and that every file the arkivmelding refers to is in the
// message. A message is refused with 400 and the documented error body
// ({timestamp, status, error, exception, message, path}); an accepted one is
// kept in memory for inspection and moves one status on each status lookup:
// OPPRETTET, SENDT, MOTTATT, LEVERT.
//
// It can be told to misbehave, from Go (Fail, Stall, FinishWith) or over
// HTTP (POST {base}/control with {"fail":n,"stall":n,"loseAnswer":n,
// "finishWith":"FEIL"}): answer the next n requests with 503, hold the next
// n requests until the caller gives up, take the next n messages but never
// answer, or end the next message in a failure status. GET
// {base}/messages lists what it received; GET
// {base}/messages/{messageId}/{file} returns one file.
package mockeformidling

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/praksis/praksis/api/arkivmelding"
)

// Process is the process every receiver of the double supports besides
// the one asked for.
const Process = arkivmelding.DefaultProcess

// File is one part of a received message.
type File struct {
	Part        string `json:"part"`
	Name        string `json:"filename"`
	ContentType string `json:"contentType"`
	Size        int    `json:"size"`
	Data        []byte `json:"-"`
}

// Status is one status of a message, as GET /api/statuses shows it.
type Status struct {
	ID             int64  `json:"id"`
	LastUpdate     string `json:"lastUpdate"`
	Status         string `json:"status"`
	Description    string `json:"description"`
	ConvID         int64  `json:"convId"`
	ConversationID string `json:"conversationId"`
	MessageID      string `json:"messageId"`
}

// Message is a message the double accepted.
type Message struct {
	MessageID      string          `json:"messageId"`
	ConversationID string          `json:"conversationId"`
	Sender         string          `json:"sender"`
	Receiver       string          `json:"receiver"`
	Process        string          `json:"process"`
	ReceivedAt     time.Time       `json:"receivedAt"`
	SBD            json.RawMessage `json:"sbd"`
	Files          []File          `json:"files"`
	Statuses       []Status        `json:"statuses"`
	finishWith     string
	convID         int64
}

// File returns the message's file of that name.
func (m *Message) File(name string) (File, bool) {
	for _, f := range m.Files {
		if f.Name == name {
			return f, true
		}
	}
	return File{}, false
}

// Server is the double, an http.Handler for everything under its prefix.
type Server struct {
	prefix string
	now    func() time.Time

	mu         sync.Mutex
	messages   []*Message
	byID       map[string]*Message
	fail       int
	stall      int
	finishWith string
	loseAnswer int
	requests   int
	statusID   int64
}

// New serves the double under prefix (such as /dev/eformidling; "" for the
// root).
func New(prefix string) *Server {
	return &Server{prefix: strings.TrimSuffix(prefix, "/"), now: time.Now, byID: map[string]*Message{}}
}

// Fail makes the next n requests to the API answer 503.
func (s *Server) Fail(n int) { s.mu.Lock(); s.fail = n; s.mu.Unlock() }

// Stall makes the next n requests to the API wait until the caller gives
// up (its context ends), as an integrasjonspunkt that does not answer.
func (s *Server) Stall(n int) { s.mu.Lock(); s.stall = n; s.mu.Unlock() }

// LoseAnswer makes the next n accepted messages lose their answer: the
// message is kept, but the caller hears nothing until it gives up, as when
// a connection drops after the integrasjonspunkt took the message.
func (s *Server) LoseAnswer(n int) { s.mu.Lock(); s.loseAnswer = n; s.mu.Unlock() }

// FinishWith makes the next accepted message end in status (FEIL or
// LEVETID_UTLOPT) instead of LEVERT.
func (s *Server) FinishWith(status string) { s.mu.Lock(); s.finishWith = status; s.mu.Unlock() }

// Messages returns the accepted messages, oldest first.
func (s *Server) Messages() []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.messages)
}

// Requests is how many API requests arrived, answered or not.
func (s *Server) Requests() int { s.mu.Lock(); defer s.mu.Unlock(); return s.requests }

// apiError writes the integrasjonspunkt's documented error body.
func apiError(w http.ResponseWriter, r *http.Request, status int, exception, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"timestamp": time.Now().Format(time.RFC3339), "status": status, "error": http.StatusText(status),
		"exception": exception, "message": msg, "path": r.URL.Path,
	})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// ServeHTTP routes the API and the inspection endpoints.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := strings.CutPrefix(r.URL.Path, s.prefix)
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case path == "/control" && r.Method == http.MethodPost:
		s.control(w, r)
		return
	case path == "/messages" && r.Method == http.MethodGet:
		msgs := s.Messages()
		if msgs == nil {
			msgs = []*Message{}
		}
		writeJSON(w, msgs)
		return
	case strings.HasPrefix(path, "/messages/") && r.Method == http.MethodGet:
		s.file(w, r, strings.TrimPrefix(path, "/messages/"))
		return
	case !strings.HasPrefix(path, "/api/"):
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	s.requests++
	fail, stall := s.fail > 0, s.stall > 0 && s.fail == 0
	if fail {
		s.fail--
	} else if stall {
		s.stall--
	}
	s.mu.Unlock()
	if fail {
		apiError(w, r, http.StatusServiceUnavailable, "", "The integrasjonspunkt is unavailable (told to fail)")
		return
	}
	if stall {
		<-r.Context().Done()
		return
	}
	switch {
	case strings.HasPrefix(path, "/api/capabilities/") && r.Method == http.MethodGet:
		s.capabilities(w, r, strings.TrimPrefix(path, "/api/capabilities/"))
	case path == "/api/messages/out/multipart" && r.Method == http.MethodPost:
		s.multipart(w, r)
	case strings.HasPrefix(path, "/api/statuses/") && r.Method == http.MethodGet:
		s.statuses(w, r, strings.TrimPrefix(path, "/api/statuses/"))
	default:
		apiError(w, r, http.StatusNotFound, "", "No such endpoint in this integrasjonspunkt double")
	}
}

func (s *Server) control(w http.ResponseWriter, r *http.Request) {
	var c struct {
		Fail       int    `json:"fail"`
		Stall      int    `json:"stall"`
		FinishWith string `json:"finishWith"`
		LoseAnswer int    `json:"loseAnswer"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&c); err != nil {
		http.Error(w, "body must be {fail, stall, finishWith}", http.StatusBadRequest)
		return
	}
	if c.FinishWith != "" && c.FinishWith != "FEIL" && c.FinishWith != "LEVETID_UTLOPT" {
		http.Error(w, "finishWith must be FEIL or LEVETID_UTLOPT", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.fail, s.stall, s.finishWith, s.loseAnswer = c.Fail, c.Stall, c.FinishWith, c.LoseAnswer
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) file(w http.ResponseWriter, r *http.Request, rest string) {
	id, name, _ := strings.Cut(rest, "/")
	s.mu.Lock()
	m := s.byID[id]
	s.mu.Unlock()
	if m == nil {
		http.NotFound(w, r)
		return
	}
	if name == "" {
		writeJSON(w, m)
		return
	}
	f, ok := m.File(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.ContentType)
	_, _ = w.Write(f.Data)
}

var orgNumber = regexp.MustCompile(`^(0192:)?[0-9]{9}$`)

func (s *Server) capabilities(w http.ResponseWriter, r *http.Request, receiver string) {
	if !orgNumber.MatchString(receiver) {
		apiError(w, r, http.StatusNotFound, "no.difi.meldingsutveksling.exceptions.ReceiverDoesNotAcceptProcessException",
			fmt.Sprintf("No capabilities found for %s", receiver))
		return
	}
	type docType struct {
		Type     string `json:"type"`
		Standard string `json:"standard"`
	}
	type capability struct {
		Process           string    `json:"process"`
		ServiceIdentifier string    `json:"serviceIdentifier"`
		DocumentTypes     []docType `json:"documentTypes"`
	}
	processes := []string{Process}
	if p := r.URL.Query().Get("process"); p != "" && strings.HasPrefix(p, "urn:no:difi:profile:arkivmelding:") {
		processes = []string{p}
	} else if p != "" {
		processes = nil
	}
	var caps []capability
	for _, p := range processes {
		caps = append(caps, capability{Process: p, ServiceIdentifier: "DPO",
			DocumentTypes: []docType{{Type: "arkivmelding", Standard: arkivmelding.Standard}}})
	}
	caps = append(caps, capability{Process: "urn:no:difi:profile:arkivmelding:response:ver1.0", ServiceIdentifier: "DPO",
		DocumentTypes: []docType{{Type: "arkivmelding_kvittering", Standard: "urn:no:difi:arkivmelding:xsd::arkivmelding_kvittering"}}})
	writeJSON(w, map[string]any{"capabilities": caps})
}

// sbd is the part of the standard business document the double checks.
type sbd struct {
	Header struct {
		HeaderVersion string `json:"headerVersion"`
		Sender        []struct {
			Identifier struct{ Value, Authority string } `json:"identifier"`
		} `json:"sender"`
		Receiver []struct {
			Identifier struct{ Value, Authority string } `json:"identifier"`
		} `json:"receiver"`
		DocumentIdentification struct {
			Standard           string `json:"standard"`
			TypeVersion        string `json:"typeVersion"`
			InstanceIdentifier string `json:"instanceIdentifier"`
			Type               string `json:"type"`
		} `json:"documentIdentification"`
		BusinessScope struct {
			Scope []struct {
				Type               string `json:"type"`
				InstanceIdentifier string `json:"instanceIdentifier"`
				Identifier         string `json:"identifier"`
			} `json:"scope"`
		} `json:"businessScope"`
	} `json:"standardBusinessDocumentHeader"`
	Arkivmelding *json.RawMessage `json:"arkivmelding"`
}

// references lists the referanseDokumentfil values of an arkivmelding.
func references(doc []byte) ([]string, error) {
	dec := xml.NewDecoder(strings.NewReader(string(doc)))
	var refs []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return refs, nil
		}
		if err != nil {
			return nil, err
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "referanseDokumentfil" {
			var name string
			if err := dec.DecodeElement(&name, &se); err != nil {
				return nil, err
			}
			refs = append(refs, strings.TrimSpace(name))
		}
	}
}

func (s *Server) multipart(w http.ResponseWriter, r *http.Request) {
	bad := func(msg string) {
		apiError(w, r, http.StatusBadRequest, "no.difi.meldingsutveksling.exceptions.MessageException", msg)
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		bad("Content-Type must be multipart/form-data")
		return
	}
	mr := multipart.NewReader(io.LimitReader(r.Body, 5<<20+1<<16), params["boundary"])
	var raw []byte
	var files []File
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			bad("Unreadable multipart body: " + err.Error())
			return
		}
		data, err := io.ReadAll(p)
		if err != nil {
			bad("Unreadable part: " + err.Error())
			return
		}
		if p.FormName() == "sbd" && raw == nil {
			raw = data
			continue
		}
		if p.FileName() == "" {
			bad(fmt.Sprintf("Part %q has no filename", p.FormName()))
			return
		}
		files = append(files, File{Part: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Size: len(data), Data: data})
	}
	if raw == nil {
		bad("The part sbd is missing")
		return
	}
	var doc sbd
	if err := json.Unmarshal(raw, &doc); err != nil {
		bad("The sbd part is not valid JSON: " + err.Error())
		return
	}
	h := doc.Header
	di := h.DocumentIdentification
	var convID, process string
	for _, sc := range h.BusinessScope.Scope {
		if sc.Type == "ConversationId" {
			convID, process = sc.InstanceIdentifier, sc.Identifier
		}
	}
	switch {
	case h.HeaderVersion != "1.0":
		bad("headerVersion must be 1.0")
		return
	case len(h.Receiver) != 1 || !strings.HasPrefix(h.Receiver[0].Identifier.Value, "0192:") || !orgNumber.MatchString(h.Receiver[0].Identifier.Value):
		bad("receiver must be one organisation as 0192:<organisasjonsnummer>")
		return
	case len(h.Sender) != 1 || !strings.HasPrefix(h.Sender[0].Identifier.Value, "0192:") || !orgNumber.MatchString(h.Sender[0].Identifier.Value):
		bad("sender must be one organisation as 0192:<organisasjonsnummer>")
		return
	case di.Standard != arkivmelding.Standard || di.Type != "arkivmelding":
		bad(fmt.Sprintf("Document type %q / %q is not arkivmelding", di.Standard, di.Type))
		return
	case uuid.Validate(di.InstanceIdentifier) != nil:
		bad("documentIdentification.instanceIdentifier (the message id) must be a UUID")
		return
	case uuid.Validate(convID) != nil || !strings.HasPrefix(process, "urn:no:difi:profile:arkivmelding:"):
		bad("businessScope needs a ConversationId scope with a UUID and an arkivmelding process")
		return
	case doc.Arkivmelding == nil:
		bad("The business message arkivmelding is missing")
		return
	}
	var am *File
	for i := range files {
		if files[i].Name == arkivmelding.FileName {
			am = &files[i]
		}
	}
	if am == nil {
		bad("The message has no arkivmelding.xml")
		return
	}
	if err := arkivmelding.Validate(am.Data); err != nil {
		bad(err.Error())
		return
	}
	refs, err := references(am.Data)
	if err != nil {
		bad("arkivmelding.xml: " + err.Error())
		return
	}
	for _, ref := range refs {
		if !slices.ContainsFunc(files, func(f File) bool { return f.Name == ref }) {
			bad(fmt.Sprintf("arkivmelding.xml refers to %s, which is not in the message", ref))
			return
		}
	}
	s.mu.Lock()
	if _, dup := s.byID[di.InstanceIdentifier]; dup {
		s.mu.Unlock()
		apiError(w, r, http.StatusConflict, "no.difi.meldingsutveksling.exceptions.DuplicateMessageException",
			fmt.Sprintf("A message with id %s already exists", di.InstanceIdentifier))
		return
	}
	m := &Message{MessageID: di.InstanceIdentifier, ConversationID: convID, Sender: h.Sender[0].Identifier.Value,
		Receiver: h.Receiver[0].Identifier.Value, Process: process, ReceivedAt: s.now(), SBD: raw, Files: files,
		finishWith: s.finishWith, convID: int64(len(s.messages) + 1)}
	s.finishWith = ""
	s.addStatus(m, "OPPRETTET")
	s.messages = append(s.messages, m)
	s.byID[m.MessageID] = m
	lose := s.loseAnswer > 0
	if lose {
		s.loseAnswer--
	}
	s.mu.Unlock()
	if lose {
		<-r.Context().Done()
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(raw)
}

var descriptions = map[string]string{
	"OPPRETTET": "Opprettet", "SENDT": "Sendt", "MOTTATT": "Mottatt", "LEVERT": "Levert",
	"FEIL": "Feil: mottakers arkiv avviste meldingen", "LEVETID_UTLOPT": "Levetid utløpt: meldingen ble ikke levert innen fristen",
}

// addStatus appends a status to m; the caller holds s.mu.
func (s *Server) addStatus(m *Message, status string) {
	s.statusID++
	m.Statuses = append(m.Statuses, Status{ID: s.statusID, LastUpdate: s.now().Format(time.RFC3339), Status: status,
		Description: descriptions[status], ConvID: m.convID, ConversationID: m.ConversationID, MessageID: m.MessageID})
}

// next moves a message one status on; the caller holds s.mu.
func (s *Server) next(m *Message) {
	last := m.Statuses[len(m.Statuses)-1].Status
	switch last {
	case "OPPRETTET":
		s.addStatus(m, "SENDT")
	case "SENDT":
		if m.finishWith != "" {
			s.addStatus(m, m.finishWith)
		} else {
			s.addStatus(m, "MOTTATT")
		}
	case "MOTTATT":
		s.addStatus(m, "LEVERT")
	}
}

func (s *Server) statuses(w http.ResponseWriter, r *http.Request, id string) {
	s.mu.Lock()
	var content []Status
	if m := s.byID[id]; m != nil {
		content = slices.Clone(m.Statuses)
		s.next(m)
	}
	s.mu.Unlock()
	if content == nil {
		content = []Status{}
	}
	n := len(content)
	writeJSON(w, map[string]any{
		"content": content, "totalElements": n, "totalPages": 1, "last": true, "first": true,
		"size": 10, "number": 0, "numberOfElements": n, "empty": n == 0,
	})
}
