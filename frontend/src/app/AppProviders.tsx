import { CacheProvider } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { Toaster } from '@/components/toast/Toaster';
import { TenantGate } from '@/features/tenant/components/TenantGate';
import { TenantProvider } from '@/features/tenant/TenantProvider';
import type { Tenant } from '@/features/tenant/types';
import { I18nProvider } from '@/i18n/I18nProvider';
import { AppThemeProvider } from './AppThemeProvider';
import { createStyleCache } from './styleCache';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  /** The school injected into `index.html`, if any. */
  initialTenant: Tenant | null;
  children: ReactNode;
}

/**
 * Everything the screens rely on, outermost first: the style cache whose
 * elements carry the page's CSP nonce, the store, messages for
 * the current language, the school, its theme, and the gate that holds the
 * screens back until the school is known; toasts over everything.
 */
export function AppProviders({ store, initialTenant, children }: AppProvidersProps) {
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ReduxProvider store={store}>
        <I18nProvider>
          <TenantProvider initialTenant={initialTenant}>
            <AppThemeProvider>
              <TenantGate>{children}</TenantGate>
              <Toaster />
            </AppThemeProvider>
          </TenantProvider>
        </I18nProvider>
      </ReduxProvider>
    </CacheProvider>
  );
}
