import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  getStoredActiveRole,
  knownRoles,
  resolveActiveRole,
  roleOfPath,
  rolePath,
  storeActiveRole,
  type RoleName,
} from './roles';
import { useSignOut } from './session';
import type { CurrentUser } from './types';
import { clearDeviceOnSignOut } from '@/pwa/clearOnSignOut';

/** What the signed-in screens know about the session. */
export interface Session {
  user: CurrentUser;
  /** The user's roles the app knows, in display order. */
  roles: RoleName[];
  /** The role the user works in now; null until chosen. */
  activeRole: RoleName | null;
  /** Makes a role active and goes to its home. */
  chooseRole: (role: RoleName) => void;
  signOut: () => Promise<void>;
  signingOut: boolean;
}

const SessionContext = createContext<Session | null>(null);

/** The stored role when the user still has it, else their only role, else none; a stale stored role is dropped. */
function initialRole(roles: RoleName[]): RoleName | null {
  const stored = getStoredActiveRole();
  const role = resolveActiveRole(stored, roles);
  if (role !== stored) storeActiveRole(role);
  return role;
}

/**
 * Provides the signed-in user and the active role to the screens under it.
 *
 * The active role is the one whose pages are shown: on `/{role}/…` that role
 * (when the user has it), so a link into a role's pages and the role links
 * in the side menu switch role by themselves; elsewhere the role last used.
 * It is kept in local storage (`activeRole`).
 */
export function SessionProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { signOut, signingOut } = useSignOut(clearDeviceOnSignOut);
  const roles = useMemo(() => knownRoles(user.roles), [user.roles]);
  const [chosen, setChosen] = useState<RoleName | null>(() => initialRole(roles));

  const pathRole = roleOfPath(pathname);
  const fromPath = pathRole && roles.includes(pathRole) ? pathRole : null;
  // The role of the pages shown becomes the one last used (an update during
  // render, so the screens never see the two disagree).
  if (fromPath && fromPath !== chosen) setChosen(fromPath);
  // The user's roles can change while signed in (the user is fetched again).
  const activeRole = fromPath ?? (chosen && roles.includes(chosen) ? chosen : resolveActiveRole(null, roles));

  useEffect(() => {
    if (activeRole && activeRole !== getStoredActiveRole()) storeActiveRole(activeRole);
  }, [activeRole]);

  const chooseRole = useCallback(
    (role: RoleName) => {
      storeActiveRole(role);
      setChosen(role);
      void navigate(rolePath(role));
    },
    [navigate],
  );

  const value = useMemo<Session>(
    () => ({ user, roles, activeRole, chooseRole, signOut, signingOut }),
    [user, roles, activeRole, chooseRole, signOut, signingOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session. Only for screens shown to a signed-in user. */
export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
