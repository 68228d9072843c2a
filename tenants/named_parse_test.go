package tenants

import "testing"

func TestNamedArgumentsBecomeNumberedOnce(t *testing.T) {
	for _, tc := range []struct {
		name, text, sql string
		names           []string
	}{
		{"one use each", "SELECT @a, @b", "SELECT $1, $2", []string{"a", "b"}},
		{"a name used twice is one argument", "WHERE x = @me AND y = CAST(@me AS bigint) OR z = @other",
			"WHERE x = $1 AND y = CAST($1 AS bigint) OR z = $2", []string{"me", "other"}},
		{"names run over letters, digits and underscores", "(@known_form1,@knownForm)", "($1,$2)", []string{"known_form1", "knownForm"}},
		{"operators with @ are left as they are", "WHERE tags @> @want AND @want <@ tags AND x @ 1",
			"WHERE tags @> $1 AND $1 <@ tags AND x @ 1", []string{"want"}},
		{"an @ at the end is left", "SELECT @a, '@'", "SELECT $1, '@'", []string{"a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := NewNamed(tc.text)
			if n.sql != tc.sql {
				t.Errorf("sql %q, want %q", n.sql, tc.sql)
			}
			if len(n.names) != len(tc.names) {
				t.Fatalf("names %v, want %v", n.names, tc.names)
			}
			for i := range n.names {
				if n.names[i] != tc.names[i] {
					t.Errorf("names %v, want %v", n.names, tc.names)
				}
			}
			if n.text != tc.text {
				t.Errorf("text %q, want it as written", n.text)
			}
		})
	}
}

func TestNamedArgumentsNeedTheirValues(t *testing.T) {
	n := NewNamed("SELECT @a, @b, @a")
	args, err := n.args(map[string]any{"a": 1, "b": "x", "unused": true})
	if err != nil || len(args) != 2 || args[0] != 1 || args[1] != "x" {
		t.Fatalf("args %v, %v; want [1 x]", args, err)
	}
	if _, err := n.args(map[string]any{"a": 1}); err == nil {
		t.Fatal("a missing argument was accepted")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a statement without arguments was accepted")
		}
	}()
	NewNamed("SELECT 1")
}
