package warnings

import (
	"strings"
	"testing"

	"github.com/praksis/praksis/api/apperror"
)

// Each of the three texts holds at most 10000 characters (not bytes); a
// draft may be partial, but sending needs every text (spec §5).
func TestDraftValidate(t *testing.T) {
	full := Draft{Comment: "Utbytte 3 er ikke nådd.", PassRequirement: "Trygg legemiddelhåndtering.", PassRequirementSummary: "Vis trygg håndtering."}
	long := strings.Repeat("æ", MaxText+1)
	exact := strings.Repeat("ø", MaxText)
	cases := []struct {
		name     string
		draft    Draft
		complete bool
		want     []string // the fields refused
	}{
		{"empty draft", Draft{}, false, nil},
		{"empty, to send", Draft{}, true, []string{"comment", "passRequirement", "passRequirementSummary"}},
		{"blank text, to send", Draft{Comment: "  ", PassRequirement: full.PassRequirement, PassRequirementSummary: full.PassRequirementSummary}, true, []string{"comment"}},
		{"complete", full, true, nil},
		{"exactly the limit in every text", Draft{Comment: exact, PassRequirement: exact, PassRequirementSummary: exact}, true, nil},
		{"comment over the limit", Draft{Comment: long}, false, []string{"comment"}},
		{"pass requirement over the limit", Draft{PassRequirement: long}, false, []string{"passRequirement"}},
		{"summary over the limit, to send", Draft{Comment: full.Comment, PassRequirement: full.PassRequirement, PassRequirementSummary: long}, true, []string{"passRequirementSummary"}},
	}
	for _, c := range cases {
		err := c.draft.Validate(c.complete)
		var got []string
		if err != nil {
			e, ok := apperror.As(err)
			if !ok || apperror.KindOf(err) != apperror.Invalid {
				t.Fatalf("%s: %v is not a validation error", c.name, err)
			}
			for _, f := range e.Fields {
				got = append(got, f.Reason)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: refused %v, want %v", c.name, got, c.want)
		}
	}
}
