import { GROUP_TYPE_GRADING, GROUP_TYPE_TEXT, type Form, type FormInput, type GroupType } from '../types';

/** A question being edited; `key` tells it apart in lists, `id` is set once saved. */
export interface DraftQuestion {
  key: string;
  id?: number;
  text: string;
  /** Help for the supervisor; null when the checkbox is off. */
  helpText: string | null;
}

/** A group being edited. */
export interface DraftGroup {
  key: string;
  id?: number;
  name: string;
  type: GroupType;
  questions: DraftQuestion[];
}

/** A form being edited. */
export interface DraftForm {
  id?: number;
  name: string;
  isMainForm: boolean;
  groups: DraftGroup[];
}

/** Texts of new groups and questions, in the user's language ('Ny gruppe', 'Nytt spørsmål'). */
export interface DraftDefaults {
  groupName: string;
  questionText: string;
}

/** Up (-1) or down (+1). */
export type Direction = -1 | 1;

/** What the editor can do to a draft. */
export type DraftAction =
  | { type: 'reset'; draft: DraftForm }
  | { type: 'setName'; name: string }
  | { type: 'setMainForm'; isMainForm: boolean }
  | { type: 'addGroup'; key: string; name: string }
  | { type: 'removeGroup'; groupKey: string }
  | { type: 'moveGroup'; groupKey: string; direction: Direction }
  | { type: 'setGroupName'; groupKey: string; name: string }
  | { type: 'setGroupType'; groupKey: string; groupType: GroupType }
  | { type: 'addQuestion'; groupKey: string; key: string; text: string }
  | { type: 'removeQuestion'; groupKey: string; questionKey: string }
  | { type: 'moveQuestion'; groupKey: string; questionKey: string; direction: Direction }
  | { type: 'setQuestionText'; groupKey: string; questionKey: string; text: string }
  | { type: 'setHelpTextEnabled'; groupKey: string; questionKey: string; enabled: boolean }
  | { type: 'setHelpText'; groupKey: string; questionKey: string; helpText: string };

let sequence = 0;

/** A key for a new group or question, unique in this page view. */
export function newKey(prefix: 'g' | 'q'): string {
  sequence += 1;
  return `${prefix}${sequence}`;
}

/** An empty form. */
export function emptyDraft(isMainForm = false): DraftForm {
  return { name: '', isMainForm, groups: [] };
}

/** The draft of a saved form, in the server's order. */
export function draftFromForm(form: Form): DraftForm {
  return {
    id: form.id,
    name: form.name,
    isMainForm: form.isMainForm,
    groups: [...form.groups]
      .sort((a, b) => a.order - b.order)
      .map((group) => ({
        key: newKey('g'),
        id: group.id,
        name: group.name,
        // Type 0 exists in imported data only; the editor offers free text and grading.
        type: group.type === GROUP_TYPE_TEXT ? GROUP_TYPE_TEXT : GROUP_TYPE_GRADING,
        questions: [...group.questions]
          .sort((a, b) => a.order - b.order)
          .map((question) => ({
            key: newKey('q'),
            id: question.id,
            text: question.text,
            helpText: question.helpText && question.helpText.trim() !== '' ? question.helpText : null,
          })),
      })),
  };
}

/** Moves the item at `index` one place up or down; the list as it was when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, direction: Direction): T[] {
  const target = index + direction;
  if (index < 0 || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

function updateGroup(draft: DraftForm, groupKey: string, change: (group: DraftGroup) => DraftGroup): DraftForm {
  return { ...draft, groups: draft.groups.map((group) => (group.key === groupKey ? change(group) : group)) };
}

function updateQuestion(
  draft: DraftForm,
  groupKey: string,
  questionKey: string,
  change: (question: DraftQuestion) => DraftQuestion,
): DraftForm {
  return updateGroup(draft, groupKey, (group) => ({
    ...group,
    questions: group.questions.map((question) => (question.key === questionKey ? change(question) : question)),
  }));
}

/** Applies an editor action to a draft. */
export function draftReducer(draft: DraftForm, action: DraftAction): DraftForm {
  switch (action.type) {
    case 'reset':
      return action.draft;
    case 'setName':
      return { ...draft, name: action.name };
    case 'setMainForm':
      return { ...draft, isMainForm: action.isMainForm };
    case 'addGroup':
      // New groups are graded (spec §3).
      return {
        ...draft,
        groups: [...draft.groups, { key: action.key, name: action.name, type: GROUP_TYPE_GRADING, questions: [] }],
      };
    case 'removeGroup':
      return { ...draft, groups: draft.groups.filter((group) => group.key !== action.groupKey) };
    case 'moveGroup': {
      const index = draft.groups.findIndex((group) => group.key === action.groupKey);
      return { ...draft, groups: moveItem(draft.groups, index, action.direction) };
    }
    case 'setGroupName':
      return updateGroup(draft, action.groupKey, (group) => ({ ...group, name: action.name }));
    case 'setGroupType':
      return updateGroup(draft, action.groupKey, (group) => ({ ...group, type: action.groupType }));
    case 'addQuestion':
      return updateGroup(draft, action.groupKey, (group) => ({
        ...group,
        questions: [...group.questions, { key: action.key, text: action.text, helpText: null }],
      }));
    case 'removeQuestion':
      return updateGroup(draft, action.groupKey, (group) => ({
        ...group,
        questions: group.questions.filter((question) => question.key !== action.questionKey),
      }));
    case 'moveQuestion':
      return updateGroup(draft, action.groupKey, (group) => {
        const index = group.questions.findIndex((question) => question.key === action.questionKey);
        return { ...group, questions: moveItem(group.questions, index, action.direction) };
      });
    case 'setQuestionText':
      return updateQuestion(draft, action.groupKey, action.questionKey, (question) => ({ ...question, text: action.text }));
    case 'setHelpTextEnabled':
      // Unticking clears the help text (spec §5); ticking starts an empty one.
      return updateQuestion(draft, action.groupKey, action.questionKey, (question) => ({
        ...question,
        helpText: action.enabled ? (question.helpText ?? '') : null,
      }));
    case 'setHelpText':
      return updateQuestion(draft, action.groupKey, action.questionKey, (question) => ({
        ...question,
        helpText: action.helpText,
      }));
  }
}

/**
 * The body to save: groups and questions in the order shown (the server
 * numbers them from 1 in that order), ids on those that exist, blank help
 * texts as none.
 */
export function draftToInput(draft: DraftForm): FormInput {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    name: draft.name.trim(),
    isMainForm: draft.isMainForm,
    groups: draft.groups.map((group) => ({
      ...(group.id !== undefined ? { id: group.id } : {}),
      name: group.name.trim(),
      type: group.type,
      questions: group.questions.map((question) => ({
        ...(question.id !== undefined ? { id: question.id } : {}),
        text: question.text.trim(),
        helpText: question.helpText && question.helpText.trim() !== '' ? question.helpText.trim() : null,
      })),
    })),
  };
}

/** Reports whether two drafts would save the same form. */
export function sameForm(a: DraftForm, b: DraftForm): boolean {
  return JSON.stringify(draftToInput(a)) === JSON.stringify(draftToInput(b));
}

/** Limits the server sets (POST /api/forms). */
export const FORM_LIMITS = { name: 200, groupName: 200, questionText: 2000, helpText: 4000 } as const;
