import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@pes/contracts';
import { sessionStore } from '../../lib/session/session-storage';
import { paths } from '../../paths';
import { useSession } from '../../lib/session/session-context';
import { rememberReturnPath } from '../../lib/session/return-path';
import { StaffOnCitizenPage } from './StaffOnCitizenPage';

function Checking({ text }: { text: string }) {
  return (
    <p className="page-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

const isStaff = (role: string) => role === 'admin' || role === 'police_officer';

/**
 * Citizen-only pages: signed-in staff are told the page is for citizens (the citizen sign-in page would refuse
 * them); anyone else whose stored app_role is not citizen goes to /login, which brings them back.
 */
export function RequireCitizen({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (state.status === 'checking') return <Checking text={t('guard.loading')} />;
  if (state.status === 'authenticated' && isStaff(state.user.role)) return <StaffOnCitizenPage user={state.user} />;
  if (state.status !== 'authenticated' || sessionStore.role() !== 'citizen') {
    rememberReturnPath(location.pathname + location.search);
    return <Navigate to={paths.login} replace />;
  }
  return <>{children}</>;
}

/**
 * Pages of any signed-in user (their own password): anyone else goes to the sign-in page of the area they last used
 * (the citizens' when none), which brings them back.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (state.status === 'checking') return <Checking text={t('guard.loading')} />;
  if (state.status !== 'authenticated') {
    const role = sessionStore.role();
    rememberReturnPath(location.pathname + location.search);
    return <Navigate to={role === 'admin' ? paths.adminLogin : role === 'police_officer' ? paths.policeLogin : paths.login} replace />;
  }
  return <>{children}</>;
}

/** Citizen pages that visitors may start (they sign in on the way): staff are told the page is for citizens. */
export function NotForStaff({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { t } = useTranslation();
  if (state.status === 'checking') return <Checking text={t('guard.loading')} />;
  if (state.status === 'authenticated' && isStaff(state.user.role)) return <StaffOnCitizenPage user={state.user} />;
  return <>{children}</>;
}

/** Admin area: anyone not an admin goes to /admin (the admin sign-in page). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { t } = useTranslation();
  if (state.status === 'checking') return <Checking text={t('guard.loading')} />;
  if (state.status !== 'authenticated' || state.user.role !== 'admin') return <Navigate to={paths.adminLogin} replace />;
  return <>{children}</>;
}

/** Police area: 'Loading...' while the session is checked; anyone not a police officer goes to /police/login. */
export function RequirePolice({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { t } = useTranslation();
  if (state.status === 'checking') return <Checking text={t('guard.loading')} />;
  if (state.status !== 'authenticated' || state.user.role !== 'police_officer') return <Navigate to={paths.policeLogin} replace />;
  return <>{children}</>;
}

/** A police page for one branch: 'Verifying permission...', else an alert and back to the dashboard. */
export function RequireBranch({ branch, deniedKey, children }: { branch: Branch; deniedKey: string; children: ReactNode }) {
  const { state } = useSession();
  const { t } = useTranslation();
  const alerted = useRef(false);
  const denied = state.status === 'authenticated' && state.user.branch !== branch;
  useEffect(() => {
    if (denied && !alerted.current) {
      alerted.current = true;
      window.alert(t(deniedKey));
    }
  }, [denied, deniedKey, t]);
  if (state.status === 'checking') return <Checking text={t('guard.verifyingPermission')} />;
  if (state.status !== 'authenticated' || state.user.role !== 'police_officer') return <Navigate to={paths.policeLogin} replace />;
  if (denied) return <Navigate to={paths.policeDashboard} replace />;
  return <>{children}</>;
}
