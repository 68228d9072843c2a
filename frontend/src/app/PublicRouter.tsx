import { useContext, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider, ReactReduxContext } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { publicRoutes } from './publicRoutes';
import { setupStore } from './store';

/**
 * The Redux store for the sign-in pages that call the API through RTK
 * Query. The login page carries none; it comes with this chunk.
 */
function WithStore({ children }: { children: ReactNode }) {
  const outer = useContext(ReactReduxContext);
  const [own] = useState(() => (outer ? null : setupStore()));
  return own ? <ReduxProvider store={own}>{children}</ReduxProvider> : children;
}

function RouteTable() {
  return useRoutes(publicRoutes);
}

/**
 * The pages before sign-in with their router: loaded when a page other than
 * the login page is opened, and from then on drawing the login page too.
 */
export default function PublicRouter() {
  return (
    <WithStore>
      <BrowserRouter>
        <RouteTable />
      </BrowserRouter>
    </WithStore>
  );
}
