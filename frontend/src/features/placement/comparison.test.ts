import { describe, expect, it } from 'vitest';
import { belowExpected, byGroup, development, groupMean } from './comparison';
import type { FormDetail, QuestionComparison } from './types';

const q = (id: number, group: string, values: Partial<QuestionComparison>): QuestionComparison => ({
  formQuestionId: id,
  text: `Q${id}`,
  group,
  levels: 5,
  student: null,
  advisor: null,
  teacher: null,
  expected: null,
  notRelevant: [],
  ...values,
});

describe('comparing the answers', () => {
  const weak = q(2, 'Kommunikasjon', { student: 2, advisor: 4, expected: 2 });
  const mid = [
    q(1, 'Kommunikasjon', { student: 1, advisor: 2, expected: 2 }),
    weak,
    q(3, 'Dokumentasjon', { student: 0, advisor: null, expected: 2, notRelevant: ['advisor'] }),
  ];

  it('groups questions in form order', () => {
    expect(byGroup(mid).map((g) => [g.name, g.questions.length])).toEqual([
      ['Kommunikasjon', 2],
      ['Dokumentasjon', 1],
    ]);
  });

  it('scores independence so that Selvstendig is highest, leaving out unanswered questions', () => {
    expect(groupMean(mid.slice(0, 2), 'student')).toBe(2.5);
    expect(groupMean(mid.slice(0, 2), 'advisor')).toBe(1);
    expect(groupMean(mid.slice(2), 'advisor')).toBeNull();
  });

  it('marks answers below the expected level', () => {
    expect(belowExpected(weak, 'advisor')).toBe(true);
    expect(belowExpected(weak, 'student')).toBe(false);
    expect(belowExpected(q(9, 'X', { student: 4 }), 'student')).toBe(false);
  });

  it('follows each group from mid to end', () => {
    const half = (isMidSemester: boolean, questions: QuestionComparison[]) => ({
      assignmentId: isMidSemester ? 3 : 4,
      isMidSemester,
      total: questions.length,
      student: { answered: 0, delivered: false },
      advisor: { answered: 0, delivered: false },
      teacher: { answered: 0, delivered: false },
      questions,
    });
    const form: FormDetail = {
      formId: 1,
      name: 'Vurdering',
      isMainForm: true,
      halves: [half(true, mid), half(false, [q(1, 'Kommunikasjon', { student: 0, expected: 1 })])],
    };
    const [communication, documentation] = development(form);
    expect(communication).toMatchObject({ name: 'Kommunikasjon', mid: { student: 2.5, expected: 2 }, end: { student: 4, expected: 3 } });
    expect(documentation).toMatchObject({ name: 'Dokumentasjon', end: { student: null } });
  });
});
