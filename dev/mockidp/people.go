package mockidp

import "strings"

// Person is someone the picker offers. Claims are what userinfo returns
// (sub included); Groups are what the Feide groups API returns for them.
type Person struct {
	Key         string
	Name        string
	Description string
	Claims      map[string]any
	Groups      []map[string]any
}

// Sub is the person's stable subject.
func (p *Person) Sub() string { s, _ := p.Claims["sub"].(string); return s }

func feideGroup(realm, code, version, name string, roles []string, active bool) map[string]any {
	return map[string]any{
		"id":          "fc:fs:fs:emne:" + realm + ":" + code + ":" + version,
		"type":        "fc:fs:emne",
		"displayName": name,
		"parent":      "fc:org:" + realm,
		"membership":  map[string]any{"basic": "member", "active": active, "fsroles": roles},
	}
}

func orgGroup(realm, name string, affiliation []string) map[string]any {
	return map[string]any{
		"id":          "fc:org:" + realm,
		"type":        "fc:org",
		"displayName": name,
		"membership":  map[string]any{"basic": "member", "affiliation": affiliation, "primaryAffiliation": affiliation[0]},
	}
}

// feidePerson makes a Feide user. The Feide user id is the
// eduPersonPrincipalName, whose realm is the part after @.
func feidePerson(key, name, eppn, email, description string, affiliation []string, courses ...map[string]any) *Person {
	realm := eppn[strings.IndexByte(eppn, '@')+1:]
	aff := make([]any, len(affiliation))
	for i, a := range affiliation {
		aff[i] = a
	}
	return &Person{
		Key: key, Name: name, Description: description,
		Claims: map[string]any{
			"sub":   "feide-" + strings.NewReplacer("@", "-", ".", "-").Replace(eppn),
			"name":  name,
			"email": email,
			"https://n.feide.no/claims/eduPersonPrincipalName": eppn,
			"https://n.feide.no/claims/userid_sec":             []any{"feide:" + eppn},
			"https://n.feide.no/claims/eduPersonAffiliation":   aff,
		},
		Groups: append([]map[string]any{orgGroup(realm, "Demo høgskole ("+realm+")", affiliation)}, courses...),
	}
}

var (
	student  = []string{"student", "member"}
	employee = []string{"employee", "faculty", "member"}
	// A teacher who also takes a course at the school.
	teacherStudent = []string{"employee", "faculty", "student", "member"}
)

// feidePeople are the Feide test persons: the demo schools' students and
// teachers (realm demo.test, and nord.test for the second school), a
// teacher who is also a student, a teacher without an account, and a
// student of a realm no demo school accepts.
func feidePeople() []*Person {
	sykp2100 := func(roles ...string) map[string]any {
		return feideGroup("demo.test", "SYKP2100", "1", "Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling", roles, true)
	}
	sykp1200 := func(roles ...string) map[string]any {
		return feideGroup("demo.test", "SYKP1200", "1", "Praksis i kommunehelsetjenesten", roles, false)
	}
	sykp2200 := func(roles ...string) map[string]any {
		return feideGroup("demo.test", "SYKP2200", "1", "Praksisstudier i spesialisthelsetjenesten – kirurgisk avdeling", roles, true)
	}
	return []*Person{
		feidePerson("ola", "Ola Nordmann", "ola.nordmann@demo.test", "ola.nordmann@stud.demo.test", "Student, demo.test, SYKP2100", student, sykp2100("STUDENT"), sykp1200("STUDENT")),
		feidePerson("emma", "Emma Johansen", "emma.johansen@demo.test", "emma.johansen@stud.demo.test", "Student, demo.test, SYKP2100", student, sykp2100("STUDENT"), sykp1200("STUDENT")),
		feidePerson("jonas", "Jonas Berg", "jonas.berg@demo.test", "jonas.berg@stud.demo.test", "Student with a warning, demo.test, SYKP2100", student, sykp2100("STUDENT")),
		feidePerson("sara", "Sara Ali", "sara.ali@demo.test", "sara.ali@stud.demo.test", "Student, demo.test, SYKP2100", student, sykp2100("STUDENT")),
		feidePerson("mathias", "Mathias Hansen", "mathias.hansen@demo.test", "mathias.hansen@stud.demo.test", "Student without a supervisor, demo.test, SYKP2100", student, sykp2100("STUDENT")),
		feidePerson("nora", "Nora Pedersen", "nora.pedersen@demo.test", "nora.pedersen@stud.demo.test", "Student, demo.test, SYKP2200", student, sykp2200("STUDENT")),
		feidePerson("sofie", "Sofie Kristiansen", "sofie.kristiansen@demo.test", "sofie.kristiansen@stud.demo.test", "Student who reads Nynorsk, demo.test, SYKP2200", student, sykp2200("STUDENT")),
		feidePerson("thea", "Thea Nilsen", "thea.nilsen@demo.test", "thea.nilsen@stud.demo.test", "Student who reads English, demo.test, SYKP2200", student, sykp2200("STUDENT")),
		feidePerson("henrik", "Henrik Lie", "henrik.lie@demo.test", "henrik.lie@stud.demo.test", "Deactivated student, demo.test", student, sykp1200("STUDENT")),
		feidePerson("marte", "Marte Solberg", "marte.solberg@demo.test", "marte.solberg@demo.test", "Teacher and admin, demo.test", employee, sykp2100("LÆRER")),
		feidePerson("per", "Per Kristian Dahl", "per.kristian.dahl@demo.test", "per.kristian.dahl@demo.test", "Teacher, demo.test", employee, sykp2100("LÆRER"), sykp1200("LÆRER")),
		feidePerson("siri", "Siri Lunde", "siri.lunde@demo.test", "siri.lunde@demo.test", "Teacher, demo.test", employee, sykp2200("LÆRER")),
		feidePerson("kari", "Kari Vik", "kari.vik@demo.test", "kari.vik@demo.test", "Teacher and student (no class yet), demo.test", teacherStudent, sykp2200("STUDENT")),
		feidePerson("knut", "Knut Aasen", "knut.aasen@demo.test", "knut.aasen@demo.test", "Teacher without an account yet (gets no role), demo.test", employee),
		feidePerson("lars", "Lars Nygård", "lars.nygard@nord.test", "lars.nygard@stud.nord.test", "Student, nord.test (the second demo school)", student,
			feideGroup("nord.test", "SYKP2100", "1", "Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling", []string{"STUDENT"}, true)),
		feidePerson("eva", "Eva Fremmed", "eva.fremmed@annen.test", "eva.fremmed@annen.test", "Student of a realm no demo school accepts (annen.test)", student),
	}
}

func vippsPerson(key, name, given, family, email string, verified bool, phone, description string) *Person {
	return &Person{
		Key: key, Name: name, Description: description,
		Claims: map[string]any{
			"sub":            "vipps-demo-" + key,
			"name":           name,
			"given_name":     given,
			"family_name":    family,
			"email":          email,
			"email_verified": verified,
			"phone_number":   phone,
		},
	}
}

// vippsPeople are the Vipps test persons: the demo supervisors (Hilde and
// Anders linked on their Vipps subject, Camilla found by her verified
// e-mail), Tone who has an open invitation, and two who must be refused.
func vippsPeople() []*Person {
	return []*Person{
		vippsPerson("hilde-bakken", "Hilde Bakken", "Hilde", "Bakken", "hilde.bakken@sykehus.test", true, "4791234567", "Supervisor, linked to Vipps"),
		vippsPerson("anders-moen", "Anders Moen", "Anders", "Moen", "anders.moen@sykehus.test", true, "4793456789", "Supervisor, linked to Vipps"),
		vippsPerson("camilla-strand", "Camilla Strand", "Camilla", "Strand", "camilla.strand@sykehus.test", true, "4748612345", "Supervisor, found by verified e-mail"),
		vippsPerson("tone-hagen", "Tone Hagen", "Tone", "Hagen", "tone.hagen@sykehus.test", true, "4790011223", "Invited supervisor without an account (one is made)"),
		vippsPerson("unverified", "Ulrik Uverifisert", "Ulrik", "Uverifisert", "camilla.strand@sykehus.test", false, "4790099887", "E-mail not verified by Vipps (refused)"),
		vippsPerson("stranger", "Sigrid Ukjent", "Sigrid", "Ukjent", "sigrid.ukjent@example.test", true, "4790055443", "No account and no invitation (refused)"),
	}
}

// Details is the line the picker shows under a person's name: what the
// provider will say of them (Feide: user id, affiliation and course
// groups; Vipps: phone, e-mail and whether it is verified).
func (p *Person) Details() string {
	str := func(k string) string { s, _ := p.Claims[k].(string); return s }
	if phone := str("phone_number"); phone != "" {
		verified := "verified"
		if v, _ := p.Claims["email_verified"].(bool); !v {
			verified = "not verified"
		}
		return "+" + phone + " · " + str("email") + " (" + verified + ")"
	}
	parts := []string{str("https://n.feide.no/claims/eduPersonPrincipalName")}
	if aff, _ := p.Claims["https://n.feide.no/claims/eduPersonAffiliation"].([]any); len(aff) > 0 {
		names := make([]string, len(aff))
		for i, a := range aff {
			names[i], _ = a.(string)
		}
		parts = append(parts, strings.Join(names, ", "))
	}
	var courses []string
	for _, g := range p.Groups {
		if t, _ := g["type"].(string); t == "fc:fs:emne" {
			id, _ := g["id"].(string)
			code := strings.Split(id, ":")
			if len(code) >= 2 {
				courses = append(courses, code[len(code)-2])
			}
		}
	}
	if len(courses) > 0 {
		parts = append(parts, "groups "+strings.Join(courses, ", "))
	}
	return strings.Join(parts, " · ")
}
