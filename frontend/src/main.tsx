import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { bootstrap } from '@/app/bootstrap';
import { loadRoutes } from '@/app/loadRoutes';
import { getToken } from '@/features/auth/token';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const { store, initialTenant } = bootstrap();

void loadRoutes(getToken()).then((routes) => {
  createRoot(root).render(
    <StrictMode>
      <App store={store} initialTenant={initialTenant} routes={routes} />
    </StrictMode>,
  );
});
