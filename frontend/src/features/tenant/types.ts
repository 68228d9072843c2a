import type { Language } from '@/i18n/language';

/** A school's colours and logo. */
export interface TenantTheme {
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  faviconUrl: string | null;
}

/**
 * Public information about the school that owns the current host, as served
 * by `GET /api/tenant` and injected into `index.html` as
 * the JSON data block `praksis-tenant` of `index.html`. Texts are in `language`.
 */
export interface Tenant {
  slug: string;
  appName: string;
  orgNumber: string;
  defaultLanguage: Language;
  languages: Language[];
  /** The language the texts below are in. */
  language: Language;
  theme: TenantTheme;
  /** Markdown. */
  privacyPolicy: string;
  aboutUrl: string;
  contactEmail: string;
  /** Markdown, or an absolute URL to the published statement. */
  accessibilityStatement: string;
}
