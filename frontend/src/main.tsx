import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { bootstrap } from '@/app/bootstrap';
import { loadRoutes } from '@/app/loadRoutes';
import { getToken } from '@/features/auth/token';
import { loadMessages } from '@/i18n/messages';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const { store, initialTenant, language } = bootstrap();

// The page's routes and, for a language other than the default, its
// messages load side by side before the first render.
void Promise.all([loadRoutes(getToken()), loadMessages(language).catch(() => undefined)]).then(([routes]) => {
  createRoot(root).render(
    <StrictMode>
      <App store={store} initialTenant={initialTenant} routes={routes} />
    </StrictMode>,
  );
});
