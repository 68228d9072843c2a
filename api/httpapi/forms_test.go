package httpapi

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/forms"
)

func TestFormCreateAndSaveRenumbers(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	body := map[string]any{
		"name": "  Spesifikke kompetanser ", "isMainForm": false,
		"groups": []any{
			map[string]any{"name": "Sår", "type": 2, "questions": []any{
				map[string]any{"text": "Steril prosedyre", "helpText": "Se prosedyreboka"},
				map[string]any{"text": "Vurderer sår"},
			}},
			// Defaults of a new group and question.
			map[string]any{"questions": []any{map[string]any{}}},
		},
	}
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/forms", s.admin, body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	created := decode[forms.Form](t, rec)
	if created.ID == 0 || created.Name != "Spesifikke kompetanser" || len(created.Groups) != 2 {
		t.Fatalf("created %+v", created)
	}
	g0, g1 := created.Groups[0], created.Groups[1]
	if g1.Name != forms.DefaultGroupName || g1.Type != forms.Grading || g1.Questions[0].Text != forms.DefaultQuestionText {
		t.Errorf("defaults: %+v", g1)
	}
	if len(g0.Options) != 5 || g0.Options[0] != (forms.Option{Label: "Selvstendig", Value: 0}) || g0.Options[4] != (forms.Option{Label: "Uselvstendig", Value: 4}) {
		t.Errorf("grading labels: %+v", g0.Options)
	}
	if g0.Order != 1 || g1.Order != 2 || g0.Questions[0].Order != 1 || g0.Questions[1].Order != 2 || *g0.Questions[0].HelpText != "Se prosedyreboka" {
		t.Errorf("orders: %+v", created.Groups)
	}

	// The editor sends the form back reordered: the second group first, the
	// questions of the first swapped, help text blanked, a question moved
	// between groups, a new one added, and the default question removed.
	update := map[string]any{
		"id": created.ID, "name": "Spesifikke kompetanser (ny)", "isMainForm": false, "hasGuidancePdf": false,
		"groups": []any{
			map[string]any{"id": g1.ID, "formId": created.ID, "name": "Medikamenter", "type": 2, "order": 2, "options": g1.Options, "questions": []any{
				map[string]any{"id": g0.Questions[1].ID, "text": "Vurderer sår", "helpText": "   ", "order": 2},
				map[string]any{"text": "Regner ut dose", "helpText": "  Bruk kalkulator  "},
			}},
			map[string]any{"id": g0.ID, "name": "Sår", "type": 2, "questions": []any{
				map[string]any{"id": g0.Questions[0].ID, "formQuestionGroupId": g0.ID, "text": "Steril prosedyre", "helpText": ""},
			}},
		},
	}
	rec = f.send(t, http.MethodPut, "a.localhost", "/api/forms", s.admin, update)
	if rec.Code != http.StatusOK {
		t.Fatalf("save: %d %s", rec.Code, rec.Body)
	}
	saved := decode[forms.Form](t, f.send(t, http.MethodGet, "a.localhost", "/api/forms/"+itoa(created.ID), s.teacher, nil))
	if saved.Name != "Spesifikke kompetanser (ny)" || len(saved.Groups) != 2 {
		t.Fatalf("saved %+v", saved)
	}
	first, second := saved.Groups[0], saved.Groups[1]
	if first.ID != g1.ID || first.Order != 1 || first.Name != "Medikamenter" || second.ID != g0.ID || second.Order != 2 {
		t.Errorf("groups not reordered with ids kept: %+v", saved.Groups)
	}
	if len(first.Questions) != 2 || first.Questions[0].ID != g0.Questions[1].ID || first.Questions[0].Order != 1 ||
		first.Questions[0].FormQuestionGroupID != g1.ID || first.Questions[0].HelpText != nil {
		t.Errorf("moved question: %+v", first.Questions)
	}
	if first.Questions[1].Order != 2 || first.Questions[1].HelpText == nil || *first.Questions[1].HelpText != "Bruk kalkulator" {
		t.Errorf("new question: %+v", first.Questions[1])
	}
	if len(second.Questions) != 1 || second.Questions[0].ID != g0.Questions[0].ID || second.Questions[0].Order != 1 || second.Questions[0].HelpText != nil {
		t.Errorf("help text not cleared: %+v", second.Questions)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM questions WHERE id = ?", g1.Questions[0].ID); n != 0 {
		t.Error("the question left out was not deleted")
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action IN ('form.created', 'form.updated') AND entity_id = ?", created.ID); n != 2 {
		t.Errorf("audit rows: %d", n)
	}

	list := decode[[]forms.Summary](t, f.send(t, http.MethodGet, "a.localhost", "/api/forms", s.student, nil))
	if len(list) != 2 || !list[0].IsMainForm || list[1].Name != "Spesifikke kompetanser (ny)" {
		t.Errorf("list %+v", list)
	}

	// Turning an unanswered text group into a grading group gives it the
	// labels, and back again takes them away.
	other := decode[forms.Form](t, f.send(t, http.MethodGet, "a.localhost", "/api/forms/"+itoa(s.formID), s.admin, nil))
	if other.Groups[1].Type != forms.TextInput || len(other.Groups[1].Options) != 0 {
		t.Fatalf("seeded text group %+v", other.Groups[1])
	}
	retype := func(from, to forms.GroupType) forms.Form {
		t.Helper()
		return f.retypeGroups(t, s.admin, s.formID, from, to)
	}
	if g := retype(forms.TextInput, forms.Grading).Groups; g[1].Type != forms.Grading || len(g[1].Options) != 5 || len(g[0].Options) != 5 {
		t.Errorf("text group made grading: %+v", g)
	}
	if g := retype(forms.Grading, forms.TextInput).Groups; g[0].Type != forms.TextInput || len(g[0].Options) != 0 {
		t.Errorf("grading group made text: %+v", g)
	}
}

func TestFormValidation(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	otherForm := f.scalar(t, "skole-a", "INSERT INTO forms (name) VALUES ('Annet') RETURNING id")
	otherGroup := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'G', 1, 1) RETURNING id", otherForm)
	otherQuestion := f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Q', 1) RETURNING id", otherGroup)
	ownGroup := f.scalar(t, "skole-a", "SELECT id FROM question_groups WHERE form_id = ? ORDER BY sort_order LIMIT 1", s.formID)
	long := func(n int) string { return strings.Repeat("x", n) }
	f.checkStatuses(t, "/api/forms", s.admin, []statusCase{
		{"no name", http.MethodPost, map[string]any{"name": "  "}, 400, "name"},
		{"long name", http.MethodPost, map[string]any{"name": long(201)}, 400, "name"},
		{"unused type", http.MethodPost, map[string]any{"name": "F", "groups": []any{map[string]any{"type": 0}}}, 400, "groups[0].type"},
		{"long group name", http.MethodPost, map[string]any{"name": "F", "groups": []any{map[string]any{"name": long(201)}}}, 400, "groups[0].name"},
		{"blank question", http.MethodPost, map[string]any{"name": "F", "groups": []any{map[string]any{"questions": []any{map[string]any{"text": " "}}}}}, 400, "groups[0].questions[0].text"},
		{"long question", http.MethodPost, map[string]any{"name": "F", "groups": []any{map[string]any{"questions": []any{map[string]any{"text": long(2001)}}}}}, 400, "groups[0].questions[0].text"},
		{"long help", http.MethodPost, map[string]any{"name": "F", "groups": []any{map[string]any{"questions": []any{map[string]any{"text": "Q", "helpText": long(4001)}}}}}, 400, "groups[0].questions[0].helpText"},
		{"unknown field", http.MethodPost, map[string]any{"name": "F", "colour": "red"}, 400, "colour"},
		{"no id", http.MethodPut, map[string]any{"name": "F"}, 400, "id"},
		{"groups left out", http.MethodPut, map[string]any{"id": s.formID, "name": "F"}, 400, "groups"},
		{"questions of a group left out", http.MethodPut, map[string]any{"id": s.formID, "name": "F", "groups": []any{map[string]any{"id": ownGroup, "name": "G"}}}, 400, "groups[0].questions"},
		{"unknown form", http.MethodPut, map[string]any{"id": 99999, "name": "F", "groups": []any{}}, 404, ""},
		{"group of another form", http.MethodPut, map[string]any{"id": s.formID, "name": "F", "groups": []any{map[string]any{"id": otherGroup, "questions": []any{}}}}, 400, "groups[0].id"},
		{"question of another form", http.MethodPut, map[string]any{"id": s.formID, "name": "F", "groups": []any{map[string]any{"questions": []any{map[string]any{"id": otherQuestion, "text": "Q"}}}}}, 400, "groups[0].questions[0].id"},
	})
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE g.form_id = ?", s.formID); n != 3 {
		t.Errorf("refused saves changed the form: %d questions", n)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/forms/99999", s.admin, nil); rec.Code != http.StatusNotFound || decode[Problem](t, rec).StatusCode != 404 {
		t.Errorf("unknown form: %d", rec.Code)
	}
}

// A question that has answers survives every attempt to delete it, and the
// form that holds it cannot be deleted.
func TestAnsweredQuestionsAreKept(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	s.answer(t, f, s.studentID, s.formID, s.questions[0], true, "2")
	before := decode[forms.Form](t, f.send(t, http.MethodGet, "a.localhost", "/api/forms/"+itoa(s.formID), s.admin, nil))
	grading, text := before.Groups[0], before.Groups[1]

	withoutAnswered := map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{
		map[string]any{"id": grading.ID, "name": grading.Name, "type": 2, "questions": []any{map[string]any{"id": s.questions[1], "text": "Dokumenterer"}}},
		map[string]any{"id": text.ID, "name": text.Name, "type": 1, "questions": []any{map[string]any{"id": s.questions[2], "text": "Hva har du lært?"}}},
	}}
	withoutGroup := map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{
		map[string]any{"id": text.ID, "name": text.Name, "type": 1, "questions": []any{}},
	}}
	movedToText := map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{
		map[string]any{"id": grading.ID, "name": grading.Name, "type": 2, "questions": []any{map[string]any{"id": s.questions[1], "text": "Dokumenterer"}}},
		map[string]any{"id": text.ID, "name": text.Name, "type": 1, "questions": []any{map[string]any{"id": s.questions[0], "text": "Kommuniserer med pasienten"}}},
	}}
	retyped := map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{
		map[string]any{"id": grading.ID, "name": grading.Name, "type": 1, "questions": []any{
			map[string]any{"id": s.questions[0], "text": "Kommuniserer med pasienten"}, map[string]any{"id": s.questions[1], "text": "Dokumenterer"}}},
	}}
	for name, body := range map[string]any{"question left out": withoutAnswered, "group left out": withoutGroup, "moved to a text group": movedToText, "group retyped": retyped} {
		rec := f.send(t, http.MethodPut, "a.localhost", "/api/forms", s.admin, body)
		if rec.Code != http.StatusConflict {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
			continue
		}
		if p := decode[Problem](t, rec); !strings.Contains(p.Description, "Kommuniserer med pasienten") {
			t.Errorf("%s: message does not name the question: %q", name, p.Description)
		}
	}
	after := decode[forms.Form](t, f.send(t, http.MethodGet, "a.localhost", "/api/forms/"+itoa(s.formID), s.admin, nil))
	if len(after.Groups) != 2 || len(after.Groups[0].Questions) != 2 || len(after.Groups[1].Questions) != 1 || after.Groups[0].Type != forms.Grading {
		t.Errorf("form changed: %+v", after)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM answers WHERE question_id = ?", s.questions[0]); n != 1 {
		t.Errorf("answer lost: %d", n)
	}
	// An unanswered question can still go, and renaming the answered one is fine.
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/forms", s.admin, map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{
		map[string]any{"id": grading.ID, "name": grading.Name, "type": 2, "questions": []any{map[string]any{"id": s.questions[0], "text": "Kommuniserer godt"}}},
		map[string]any{"id": text.ID, "name": text.Name, "type": 1, "questions": []any{}},
	}})
	if rec.Code != http.StatusOK {
		t.Fatalf("removing unanswered questions: %d %s", rec.Code, rec.Body)
	}

	rec = f.send(t, http.MethodDelete, "a.localhost", "/api/forms/"+itoa(s.formID), s.admin, nil)
	if rec.Code != http.StatusConflict || !strings.Contains(decode[Problem](t, rec).Description, "Hovedskjema") {
		t.Errorf("deleting an answered form: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM forms WHERE id = ?", s.formID); n != 1 {
		t.Error("answered form deleted")
	}
	unused := decode[forms.Form](t, f.send(t, http.MethodPost, "a.localhost", "/api/forms", s.admin, map[string]any{"name": "Ubrukt"}))
	if rec := f.send(t, http.MethodDelete, "a.localhost", "/api/forms/"+itoa(unused.ID), s.admin, nil); rec.Code != http.StatusNoContent {
		t.Errorf("deleting an unused form: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/forms/"+itoa(unused.ID), s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("deleted form still there: %d", rec.Code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'form.deleted' AND entity_id = ?", unused.ID); n != 1 {
		t.Errorf("deletion not audited")
	}
}

func TestGuidancePDF(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	path := "/api/forms/" + itoa(s.formID) + "/pdf"
	rec := f.send(t, http.MethodGet, "a.localhost", path, s.student, nil)
	if rec.Code != http.StatusNotFound || decode[Problem](t, rec).StatusCode != 404 {
		t.Fatalf("no PDF yet: %d %s", rec.Code, rec.Body)
	}
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("x"), 1000)...)
	cases := []struct {
		name        string
		contentType string
		body        []byte
		status      int
	}{
		{"not a PDF", "application/pdf", []byte("<html>hello</html>"), http.StatusBadRequest},
		{"empty", "application/pdf", nil, http.StatusBadRequest},
		{"one byte over 10 MiB", "application/pdf", append([]byte("%PDF-"), make([]byte, forms.MaxGuidancePDF-4)...), http.StatusRequestEntityTooLarge},
		{"far over the limit", "application/pdf", make([]byte, forms.UploadLimit+1), http.StatusRequestEntityTooLarge},
		{"exactly 10 MiB", "application/pdf", append([]byte("%PDF-"), make([]byte, forms.MaxGuidancePDF-5)...), http.StatusOK},
	}
	for _, c := range cases {
		if rec := f.raw(t, http.MethodPut, "a.localhost", path, s.admin, c.contentType, c.body); rec.Code != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.status)
		}
	}
	// Other routes keep the 1 MiB default.
	big := append([]byte(`{"name":"`), bytes.Repeat([]byte("x"), 2<<20)...)
	if rec := f.raw(t, http.MethodPost, "a.localhost", "/api/forms", s.admin, "application/json", append(big, `"}`...)); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("2 MiB form: %d", rec.Code)
	}

	rec = f.raw(t, http.MethodPut, "a.localhost", path+"?filename=Veiledning%20h%C3%B8st.pdf", s.admin, "application/pdf", pdf)
	if rec.Code != http.StatusOK || !decode[forms.Form](t, rec).HasGuidancePDF {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	rec = f.send(t, http.MethodGet, "a.localhost", path, s.advisor, nil)
	if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), pdf) || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("download: %d %q", rec.Code, rec.Header())
	}
	if cd := rec.Header().Get("Content-Disposition"); cd != `inline; filename="Veiledning host.pdf"; filename*=UTF-8''Veiledning%20h%C3%B8st.pdf` {
		t.Errorf("Content-Disposition %q", cd)
	}

	var mp bytes.Buffer
	w := multipart.NewWriter(&mp)
	part, _ := w.CreateFormFile("file", "Veileder.pdf")
	part.Write(pdf)
	w.Close()
	if rec := f.raw(t, http.MethodPut, "a.localhost", path, s.admin, w.FormDataContentType(), mp.Bytes()); rec.Code != http.StatusOK {
		t.Fatalf("multipart upload: %d %s", rec.Code, rec.Body)
	}
	if cd := f.send(t, http.MethodGet, "a.localhost", path, s.admin, nil).Header().Get("Content-Disposition"); !strings.Contains(cd, `filename="Veileder.pdf"`) {
		t.Errorf("multipart file name: %q", cd)
	}
	if rec := f.send(t, http.MethodDelete, "a.localhost", path, s.admin, nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", path, s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("after delete: %d", rec.Code)
	}
	if rec := f.raw(t, http.MethodPut, "a.localhost", "/api/forms/99999/pdf", s.admin, "application/pdf", pdf); rec.Code != http.StatusNotFound {
		t.Errorf("unknown form: %d", rec.Code)
	}
}
