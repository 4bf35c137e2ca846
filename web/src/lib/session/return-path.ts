/** The page a signed-out user wanted, kept across the trip through the sign-in page. */
const KEY = 'returnTo';

export function rememberReturnPath(path: string) {
  sessionStorage.setItem(KEY, path);
}

/** The remembered path (only same-site paths), consumed once. */
export function takeReturnPath(fallback: string) {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
