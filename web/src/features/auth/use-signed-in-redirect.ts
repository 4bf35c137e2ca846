import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@pes/contracts';
import { useSession } from '../../lib/session/session-context';

/**
 * Sends a user signed in with `role` on to `target()`: both when they open the sign-in page with a
 * session already, and right after they sign in on it. Runs once, so a remembered return path is
 * consumed once.
 */
export function useSignedInRedirect(role: Role, target: () => string) {
  const { user } = useSession();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || user?.role !== role) return;
    done.current = true;
    navigate(target(), { replace: true });
  }, [user, role, navigate, target]);
}
