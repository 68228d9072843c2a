import type { CurrentUser } from '@/features/auth/types';
import type { Tenant } from '@/features/tenant/types';
import type { Language } from '@/i18n/language';

/** The demo school as the server describes it, texts in `language`. */
export function demoTenant(language: Language = 'nb', overrides: Partial<Tenant> = {}): Tenant {
  return {
    slug: 'demo',
    appName: 'Praksis Demo',
    orgNumber: '999 888 777',
    defaultLanguage: 'nb',
    languages: ['nb', 'nn', 'en'],
    language,
    theme: { primaryColor: '#00509E', secondaryColor: '#E0A800', logoUrl: null, faviconUrl: null },
    privacyPolicy:
      language === 'nb'
        ? '# Personvern\n\nVi behandler **personopplysninger** om deg.\n\n<script>alert(1)</script>\n\n[Datatilsynet](https://www.datatilsynet.no)'
        : '# Privacy\n\nWe process **personal data** about you.',
    aboutUrl: 'https://demo.example.no/om',
    contactEmail: 'praksis@demo.example.no',
    accessibilityStatement: 'https://uustatus.no/nb/erklaringer/publisert/demo',
    ...overrides,
  };
}

/** The second demo school, with other colours. */
export function demo2Tenant(language: Language = 'nb'): Tenant {
  return demoTenant(language, {
    slug: 'demo2',
    appName: 'Praksisportalen Nord',
    orgNumber: '911 222 333',
    theme: { primaryColor: '#2E7D32', secondaryColor: '#6A1B9A', logoUrl: null, faviconUrl: null },
  });
}

/** The roles as `GET /api/roles` names them. */
export const ROLES = {
  Admin: { id: 1, name: 'Admin' },
  Student: { id: 2, name: 'Student' },
  Teacher: { id: 3, name: 'Teacher' },
  Advisor: { id: 4, name: 'Advisor' },
} as const;

/** A signed-in user as `GET /api/users/me` describes them: a teacher who accepted the privacy policy. */
export function demoUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 3,
    displayName: 'Per Kristian Dahl',
    email: 'per.kristian.dahl@demo.test',
    phoneNumber: null,
    language: 'nb',
    roles: [ROLES.Teacher],
    isActive: true,
    privacyPolicyAcceptedAt: '2026-01-06T09:02:00Z',
    teacherClasses: [1, 2],
    advisorClasses: [],
    studentReferences: [],
    studentUserReferences: [],
    ...overrides,
  };
}
