import type { WarningTexts } from './types';

/** Most characters in each text of a warning (spec §5, §9). */
export const WARNING_TEXT_MAX = 10_000;

/** How long after the last edit the draft is saved (spec §9). */
export const WARNING_AUTOSAVE_MS = 3_000;

/** The texts of a warning, in the order the dialog shows them. */
export const WARNING_FIELDS = ['comment', 'passRequirement', 'passRequirementSummary'] as const;

/** One of the warning's texts. */
export type WarningField = (typeof WARNING_FIELDS)[number];

/** Empty texts, for a new warning. */
export const EMPTY_WARNING: WarningTexts = { comment: '', passRequirement: '', passRequirementSummary: '' };

/** Cuts a text to the limit (pasting can go past `maxlength` in some browsers). */
export const clampWarningText = (text: string) => text.slice(0, WARNING_TEXT_MAX);

/** Reports whether every text is filled in, which sending needs. */
export function isWarningComplete(texts: WarningTexts): boolean {
  return WARNING_FIELDS.every((field) => texts[field].trim() !== '');
}

/** Reports whether two sets of texts are the same. */
export function sameWarningTexts(a: WarningTexts, b: WarningTexts): boolean {
  return WARNING_FIELDS.every((field) => a[field] === b[field]);
}
