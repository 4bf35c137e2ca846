import { useSession } from '../../lib/session/session-context';
import { sessionStore } from '../../lib/session/session-storage';
import type { Viewer } from './nav-items';

/**
 * Who the header is for. While the session is being checked, the role and branch this tab stored at sign-in
 * stand in, so an officer's header does not flash the citizen's links on every reload.
 */
export function useViewer(): Viewer | null {
  const { state, user } = useSession();
  if (user) return { role: user.role, branch: user.branch };
  if (state.status === 'checking') {
    const role = sessionStore.role();
    return role ? { role, branch: sessionStore.branch() } : null;
  }
  return null;
}
