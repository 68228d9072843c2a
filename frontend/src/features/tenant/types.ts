import type * as api from '@/api/types';
import type { Language } from '@/i18n/language';

/**
 * A school's colours and logo as the app keeps them (bootstrap.ts): a URL the
 * school has not set is null here, where the server leaves it out.
 */
export type TenantTheme = Omit<api.Theme, 'logoUrl' | 'faviconUrl'> & {
  logoUrl: string | null;
  faviconUrl: string | null;
};

/**
 * Public information about the school that owns the current host, as served
 * by `GET /api/tenant` and injected into `index.html` as the JSON data block
 * `praksis-tenant`. Texts are in `language`. The document lists the
 * languages as strings; they are the ones the web app speaks.
 */
export type Tenant = Omit<api.PublicTenant, 'languages' | 'theme'> & { languages: Language[]; theme: TenantTheme };
