import { useIntl } from 'react-intl';
import { useTenant } from '@/features/tenant/tenantContext';
import type { Party } from './types';

/** The school's own signing texts: the introduction and each party's declaration. */
export interface SigningTexts {
  intro: string;
  declaration: Record<Party, string>;
}

type SchoolSigningTexts = Partial<{
  intro: string;
  teacherDeclaration: string;
  studentDeclaration: string;
  advisorDeclaration: string;
}>;

/** The school's signing texts when the public school info carries them (`signingForm: {intro, …}`). */
function schoolTexts(tenant: unknown): SchoolSigningTexts {
  if (typeof tenant !== 'object' || tenant === null || !('signingForm' in tenant)) return {};
  const texts = tenant.signingForm;
  if (typeof texts !== 'object' || texts === null) return {};
  const out: SchoolSigningTexts = {};
  for (const key of ['intro', 'teacherDeclaration', 'studentDeclaration', 'advisorDeclaration'] as const) {
    const value = (texts as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

/**
 * The signing texts to show: the school's own where the school info
 * (`GET /api/tenant`) carries them, else the base texts in the language shown.
 */
export function useSigningTexts(): SigningTexts {
  const intl = useIntl();
  const tenant = useTenant();
  const own = schoolTexts(tenant);
  return {
    intro: own.intro ?? intl.formatMessage({ id: 'signing.text.intro' }),
    declaration: {
      teacher: own.teacherDeclaration ?? intl.formatMessage({ id: 'signing.text.teacherDeclaration' }),
      student: own.studentDeclaration ?? intl.formatMessage({ id: 'signing.text.studentDeclaration' }),
      advisor: own.advisorDeclaration ?? intl.formatMessage({ id: 'signing.text.advisorDeclaration' }),
    },
  };
}
