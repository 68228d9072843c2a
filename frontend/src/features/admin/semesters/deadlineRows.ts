import type { DeadlineAnchor, DeadlineItem, DeadlineRole, DeadlineRule, DeadlineRuleInput } from '@/api/types';
import type { FormSummary } from '../types';

/** One line of the rule editor: what a deadline could be set for. */
export interface DeadlineRow {
  key: string;
  item: DeadlineItem;
  formId?: number;
  formName?: string;
  isMidSemester: boolean;
  role: DeadlineRole;
}

/** What the admin has chosen on a line: no deadline, or an anchor with days or a date. */
export interface DeadlineChoice {
  anchor: DeadlineAnchor | '';
  offsetDays: string;
  fixedDate: string;
}

const ROLES: readonly DeadlineRole[] = ['student', 'advisor', 'teacher'];

export const rowKey = (r: Pick<DeadlineRule, 'item' | 'formId' | 'isMidSemester' | 'role'>) =>
  `${r.item}/${r.formId ?? 0}/${r.isMidSemester ? 'mid' : 'end'}/${r.role}`;

/**
 * Every line of the editor: each form's halves (mid and end for a main
 * form, end for the rest) per role, then the signing form's end section
 * (the teacher's) and each signature.
 */
export function deadlineRows(forms: readonly FormSummary[]): DeadlineRow[] {
  const rows: DeadlineRow[] = [];
  for (const form of forms) {
    for (const isMidSemester of form.isMainForm ? [true, false] : [false]) {
      for (const role of ROLES) {
        const row = { item: 'answers' as const, formId: form.id, formName: form.name, isMidSemester, role };
        rows.push({ ...row, key: rowKey(row) });
      }
    }
  }
  const end = { item: 'signingEnd' as const, isMidSemester: false, role: 'teacher' as const };
  rows.push({ ...end, key: rowKey(end) });
  for (const role of ROLES) {
    const signature = { item: 'signature' as const, isMidSemester: false, role };
    rows.push({ ...signature, key: rowKey(signature) });
  }
  return rows;
}

/** The editor's choices from saved rules. */
export function choicesOf(rules: readonly DeadlineRule[]): Record<string, DeadlineChoice> {
  return Object.fromEntries(
    rules.map((rule) => [
      rowKey(rule),
      { anchor: rule.anchor, offsetDays: String(rule.offsetDays), fixedDate: rule.fixedDate ?? '' },
    ]),
  );
}

/** The rules to save from the editor's choices; lines without a deadline are left out. */
export function rulesOf(rows: readonly DeadlineRow[], choices: Record<string, DeadlineChoice>): DeadlineRuleInput[] {
  const out: DeadlineRuleInput[] = [];
  for (const row of rows) {
    const choice = choices[row.key];
    if (!choice?.anchor) continue;
    const rule: DeadlineRuleInput = { item: row.item, isMidSemester: row.isMidSemester, role: row.role, anchor: choice.anchor };
    if (row.formId !== undefined) rule.formId = row.formId;
    if (choice.anchor === 'fixed') rule.fixedDate = choice.fixedDate;
    else rule.offsetDays = Number(choice.offsetDays) || 0;
    out.push(rule);
  }
  return out;
}
