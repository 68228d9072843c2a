import type { FormDetail, HalfDetail, Party, QuestionComparison } from './types';

/** Who a comparison column is about: the three roles and the class's expectation. */
export type Column = Party | 'expected';

/** The columns in the order the tables show them. */
export const COLUMNS: readonly Column[] = ['student', 'advisor', 'teacher', 'expected'];

/** A question group's questions, in form order. */
export interface QuestionGroup {
  name: string;
  questions: QuestionComparison[];
}

/** Groups the compared questions by their question group, keeping the form's order. */
export function byGroup(questions: readonly QuestionComparison[]): QuestionGroup[] {
  const groups: QuestionGroup[] = [];
  for (const question of questions) {
    const last = groups.at(-1);
    if (last?.name === question.group) last.questions.push(question);
    else groups.push({ name: question.group, questions: [question] });
  }
  return groups;
}

/**
 * How independent a value is on a scale of `levels`: the first label
 * (Selvstendig, 0) scores highest, levels − 1; the last scores 0. A chart
 * then draws more independence as a taller bar.
 */
export const independence = (value: number, levels: number) => levels - 1 - value;

/** The mean independence of a column over a group's questions; null when none is answered. */
export function groupMean(questions: readonly QuestionComparison[], column: Column): number | null {
  const scores = questions
    .map((question) => {
      const value = question[column];
      return value === null ? null : independence(value, question.levels);
    })
    .filter((score): score is number => score !== null);
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10;
}

/** Reports whether a role's value is below the expected level (a higher value is less independent). */
export function belowExpected(question: QuestionComparison, party: Party): boolean {
  const value = question[party];
  return value !== null && question.expected !== null && value > question.expected;
}

/** One group's means at mid and end, per column, for a chart and its table. */
export interface GroupDevelopment {
  name: string;
  levels: number;
  mid: Record<Column, number | null>;
  end: Record<Column, number | null>;
}

const means = (questions: readonly QuestionComparison[]) =>
  Object.fromEntries(COLUMNS.map((column) => [column, groupMean(questions, column)])) as Record<Column, number | null>;

const EMPTY: Record<Column, number | null> = { student: null, advisor: null, teacher: null, expected: null };

/**
 * The development of each question group from mid to end of a form: the
 * groups of either half, each with its means per column at mid and at end.
 */
export function development(form: FormDetail): GroupDevelopment[] {
  const mid = form.halves.find((half) => half.isMidSemester);
  const end = form.halves.find((half) => !half.isMidSemester);
  const midGroups = byGroup(mid?.questions ?? []);
  const endGroups = byGroup(end?.questions ?? []);
  const names = [...midGroups.map((g) => g.name), ...endGroups.map((g) => g.name)].filter(
    (name, index, all) => all.indexOf(name) === index,
  );
  return names.map((name) => {
    const midGroup = midGroups.find((g) => g.name === name);
    const endGroup = endGroups.find((g) => g.name === name);
    return {
      name,
      levels: (midGroup ?? endGroup)?.questions[0]?.levels ?? 5,
      mid: midGroup ? means(midGroup.questions) : EMPTY,
      end: endGroup ? means(endGroup.questions) : EMPTY,
    };
  });
}

/** Reports whether anyone has answered a graded question of a half. */
export const hasComparison = (half: HalfDetail) =>
  (half.questions ?? []).some((q) => q.student !== null || q.advisor !== null || q.teacher !== null);
