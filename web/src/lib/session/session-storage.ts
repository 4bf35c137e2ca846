import type { Branch, Role } from '@pes/contracts';

/** Storage keys of the spec: token in both storages, app_role in session storage. */
const TOKEN = 'token';
const ROLE = 'app_role';
const BRANCH = 'app_branch';

function decodePayload(token: string): { exp?: unknown } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const base64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
  } catch {
    return undefined;
  }
}

/** A stored token counts only with three parts, a readable payload and an exp in the future. */
function isTokenValid(token: string | null | undefined, nowMs = Date.now()): token is string {
  if (!token) return false;
  const exp = decodePayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 > nowMs;
}

export const sessionStore = {
  token(): string | null {
    return sessionStorage.getItem(TOKEN) ?? localStorage.getItem(TOKEN);
  },
  validToken(): string | null {
    const token = this.token();
    return isTokenValid(token) ? token : null;
  },
  role(): Role | null {
    return sessionStorage.getItem(ROLE) as Role | null;
  },
  branch(): Branch | null {
    return sessionStorage.getItem(BRANCH) as Branch | null;
  },
  saveToken(token: string) {
    sessionStorage.setItem(TOKEN, token);
    localStorage.setItem(TOKEN, token);
  },
  saveRole(role: Role, branch: Branch | null) {
    sessionStorage.setItem(ROLE, role);
    if (branch) sessionStorage.setItem(BRANCH, branch);
    else sessionStorage.removeItem(BRANCH);
  },
  /** Ends the session in this browser; the language choice is kept. */
  clear() {
    for (const key of [TOKEN, ROLE, BRANCH]) {
      sessionStorage.removeItem(key);
      localStorage.removeItem(key);
    }
  },
};
