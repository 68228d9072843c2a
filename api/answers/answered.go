package answers

import (
	"fmt"

	"gorm.io/gorm"
)

// Each answer set keeps which of its questions are answered
// (answer_sets.answered_questions), so that the class page and a student's
// progress read one short array per set instead of counting answers. The
// save keeps it in the statement that writes the answers; nothing in the
// schema keeps it for other writers (a school's triggers touch only their
// own row, so that the school can live on a Citus worker). A writer that
// changes answers outside the save counts the sets afresh with
// RecountAnswered in its transaction.

// recountAnsweredSQL sets every answer set's answered questions to those a
// fresh count of its answers finds: in a group that takes answers (free
// text or grading), value not blank. Only sets whose array differs are
// written.
const recountAnsweredSQL = `WITH fresh AS (
	SELECT s.id, coalesce((SELECT array_agg(a.question_id ORDER BY a.question_id) FROM answers a
		JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
		WHERE a.answer_set_id = s.id AND g.type IN (1, 2) AND a.value IS NOT NULL AND btrim(a.value) <> ''), '{}') AS ids
	FROM answer_sets s)
UPDATE answer_sets s SET answered_questions = fresh.ids FROM fresh
WHERE s.id = fresh.id AND s.answered_questions IS DISTINCT FROM fresh.ids`

// RecountAnswered counts every answer set's answered questions afresh from
// its answers, in tx (a school's scope).
func RecountAnswered(tx *gorm.DB) error {
	if err := tx.Exec(recountAnsweredSQL).Error; err != nil {
		return fmt.Errorf("count the answer sets' answered questions: %w", err)
	}
	return nil
}
