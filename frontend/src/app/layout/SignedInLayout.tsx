import Button from '@mui/material/Button';
import { useEffect, type ReactNode } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionEnd } from '@/api/apiSlice';
import { ErrorBox } from '@/components/ErrorBox';
import { LoadingScreen } from '@/components/LoadingScreen';
import { PageShell } from '@/components/PageShell';
import { StatusMessage } from '@/components/StatusMessage';
import { useGetMeQuery, useRefreshTokenMutation, useSetMyLanguageMutation } from '@/features/auth/authApi';
import { startKeptSender } from '@/features/answering/keptSender';
import { RoleChooser } from '@/features/auth/components/RoleChooser';
import { rolePath, type RoleName } from '@/features/auth/roles';
import { useSignOut } from '@/features/auth/session';
import { SessionProvider, useSession } from '@/features/auth/SessionProvider';
import { getToken, setToken } from '@/features/auth/token';
import { RoleHomePage } from '@/features/home/components/RoleHomePage';
import { PrivacyPolicyModal } from '@/features/privacy/components/PrivacyPolicyModal';
import { TenantFooter } from '@/features/tenant/components/TenantFooter';
import { useTenant } from '@/features/tenant/tenantContext';
import type { CurrentUser } from '@/features/auth/types';
import { getStoredLanguage } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';
import { OfflineBanner } from '@/pwa/OfflineBanner';
import { UnsentNotice } from '@/pwa/UnsentNotice';
import { AppShell } from './AppShell';
import { clearDeviceOnSessionEnd, clearDeviceOnSignOut } from '@/pwa/clearOnSignOut';

/**
 * Renews the token on every change of path (spec §4), so an active user
 * stays signed in while the session lasts. A rejected token is handled by
 * the api slice (sign-in page).
 */
function useRefreshOnNavigation(): void {
  const { pathname } = useLocation();
  const [refresh] = useRefreshTokenMutation();
  useEffect(() => {
    refresh()
      .unwrap()
      .then(
        ({ token }) => {
          // Not when the user signed out meanwhile.
          if (getToken()) setToken(token);
        },
        () => undefined,
      );
  }, [pathname, refresh]);
}

/**
 * Sends the changes that wait on the device for forms that are not open
 * (spec: sent when the connection returns): on start, when the browser is
 * online again and when the service worker asks. Loaded apart, after the
 * user, so neither the login page nor the first paint carries it.
 */
function useKeptChangesSender(userId: number | undefined): void {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  useEffect(() => {
    if (userId === undefined) return;
    return startKeptSender(dispatch, userId);
  }, [dispatch, userId]);
}

/**
 * Stores a language the user chose in this browser (before or after signing
 * in) as theirs on the server, so their e-mails are in the language they
 * read. A browser where no choice was made leaves the stored one alone.
 */
function useStoreLanguageChoice(user: CurrentUser | undefined): void {
  const { language } = useLanguage();
  const [store] = useSetMyLanguageMutation();
  const saved = user?.language;
  useEffect(() => {
    if (saved && saved !== language && getStoredLanguage() !== null) void store({ language });
  }, [saved, language, store]);
}

/**
 * The root of every page for a signed-in user: loads the user, then shows
 * the app shell with the role chooser while no role is active, else the
 * page; and the privacy policy until the user has accepted it.
 */
export function SignedInLayout() {
  useRefreshOnNavigation();
  useEffect(() => {
    // Only for a signed-in user, and loaded apart from the page itself.
    void import('@/pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
  }, []);
  const { data: user, error, refetch, isFetching } = useGetMeQuery();
  useStoreLanguageChoice(user);
  const userId = user?.id;
  useEffect(() => {
    // Another user than last time on this device: their data goes first.
    if (userId !== undefined) void import('@/pwa/deviceStore').then(({ claimDevice }) => claimDevice(userId));
  }, [userId]);
  useKeptChangesSender(userId);
  useEffect(() => {
    // The session ending (a refused token) clears the device as signing out does.
    sessionEnd.clearDevice = clearDeviceOnSessionEnd;
    return () => {
      sessionEnd.clearDevice = null;
    };
  }, []);

  if (!user) {
    if (error) return <UserFailed error={error} retry={() => void refetch()} retrying={isFetching} />;
    return <LoadingScreen />;
  }
  return (
    <SessionProvider user={user}>
      <AppShell>
        <OfflineBanner />
        <UnsentNotice />
        <ActiveRoleGate>
          <Outlet />
        </ActiveRoleGate>
      </AppShell>
      <PrivacyPolicyModal />
    </SessionProvider>
  );
}

/** Shows the role chooser on every path while no role is active (spec §2). */
function ActiveRoleGate({ children }: { children: ReactNode }) {
  const { activeRole } = useSession();
  return activeRole ? children : <RoleChooser />;
}

/** `/`: the active role's home. */
export function ActiveRoleRedirect() {
  const { activeRole } = useSession();
  return activeRole ? <Navigate to={rolePath(activeRole)} replace /> : <RoleChooser />;
}

/** The active role's home page, at whatever path it is shown. */
export function ActiveRoleHome() {
  const { activeRole } = useSession();
  return activeRole ? <RoleHomePage role={activeRole} /> : <RoleChooser />;
}

/**
 * The pages under `/{role}`: for a user with the role (who then works in it),
 * else the role chooser (spec §2).
 */
export function RoleArea({ role }: { role: RoleName }) {
  const { roles } = useSession();
  return roles.includes(role) ? <Outlet /> : <RoleChooser />;
}

/** 'Klarte ikke hente innlogget bruker': the user could not be loaded (other than 401, which signs out). */
function UserFailed({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  const intl = useIntl();
  const tenant = useTenant();
  const { signOut, signingOut } = useSignOut(clearDeviceOnSignOut);
  return (
    <PageShell
      name={tenant.appName}
      logoUrl={tenant.theme.logoUrl}
      languages={tenant.languages}
      footer={<TenantFooter tenant={tenant} />}
    >
      <StatusMessage
        title={intl.formatMessage({ id: 'session.userFailed' })}
        actions={
          <>
            <Button variant="contained" size="large" onClick={retry} loading={retrying}>
              <FormattedMessage id="common.retry" />
            </Button>
            <Button variant="outlined" size="large" onClick={() => void signOut()} loading={signingOut}>
              <FormattedMessage id="menu.signOut" />
            </Button>
          </>
        }
      >
        <ErrorBox error={error} />
      </StatusMessage>
    </PageShell>
  );
}
