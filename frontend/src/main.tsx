import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { bootstrap } from '@/app/bootstrap';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const { store, initialTenant } = bootstrap();

createRoot(root).render(
  <StrictMode>
    <App store={store} initialTenant={initialTenant} />
  </StrictMode>,
);
