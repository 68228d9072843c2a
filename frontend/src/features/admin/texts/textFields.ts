import type { MessageId } from '@/i18n/messages';
import type { SchoolText } from '../types';

/** The sections of the texts editor and the keys in each, in order. */
export const TEXT_SECTIONS: { heading: MessageId; keys: string[] }[] = [
  {
    heading: 'admin.texts.section.general',
    keys: ['appName', 'orgNumber', 'contactEmail', 'aboutUrl', 'accessibilityStatement'],
  },
  { heading: 'admin.texts.section.privacy', keys: ['privacyPolicy'] },
  {
    heading: 'admin.texts.section.signing',
    keys: ['signingForm.intro', 'signingForm.teacherDeclaration', 'signingForm.studentDeclaration', 'signingForm.advisorDeclaration'],
  },
  { heading: 'admin.texts.section.invitation', keys: ['supervisorInvitation.subtitle'] },
];

/** Labels and help of the texts the app knows. */
export const TEXT_LABELS: Record<string, { label: MessageId; help?: MessageId }> = {
  appName: { label: 'admin.texts.appName', help: 'admin.texts.appNameHelp' },
  orgNumber: { label: 'admin.texts.orgNumber' },
  contactEmail: { label: 'admin.texts.contactEmail' },
  aboutUrl: { label: 'admin.texts.aboutUrl', help: 'admin.texts.urlHelp' },
  accessibilityStatement: { label: 'admin.texts.accessibilityStatement', help: 'admin.texts.accessibilityHelp' },
  privacyPolicy: { label: 'admin.texts.privacyPolicy', help: 'admin.texts.markdownHelp' },
  'signingForm.intro': { label: 'admin.texts.signingIntro', help: 'admin.texts.markdownHelp' },
  'signingForm.teacherDeclaration': { label: 'admin.texts.teacherDeclaration' },
  'signingForm.studentDeclaration': { label: 'admin.texts.studentDeclaration' },
  'signingForm.advisorDeclaration': { label: 'admin.texts.advisorDeclaration' },
  'supervisorInvitation.subtitle': { label: 'admin.texts.invitationSubtitle', help: 'admin.texts.invitationHelp' },
};

/** The sections with the texts the server has, and one more for texts the app has no place for. */
export function sectionsFor(texts: readonly SchoolText[]): { heading: MessageId; texts: SchoolText[] }[] {
  const byKey = new Map(texts.map((text) => [text.key, text]));
  const placed = new Set(TEXT_SECTIONS.flatMap((section) => section.keys));
  const sections = TEXT_SECTIONS.map((section) => ({
    heading: section.heading,
    texts: section.keys.flatMap((key) => byKey.get(key) ?? []),
  }));
  const rest = texts.filter((text) => !placed.has(text.key));
  if (rest.length > 0) sections.push({ heading: 'admin.texts.section.other', texts: rest });
  return sections.filter((section) => section.texts.length > 0);
}

/** The field's key in a save request and in the server's field errors: `lang.key`. */
export const fieldName = (language: string, key: string) => `${language}.${key}`;
