import { takeReturnPath } from '../../lib/session/return-path';
import { paths } from '../../paths';

/**
 * Where staff go after signing in: back to the page of their own area they were on when the session ended
 * (the form there keeps its draft), else their dashboard.
 */
export function staffDestination(area: 'police' | 'admin') {
  const path = takeReturnPath('');
  const pathname = path.split(/[?#]/)[0]!;
  if (area === 'police') return pathname.startsWith('/police/') && pathname !== paths.policeLogin ? path : paths.policeDashboard;
  return pathname.startsWith(`${paths.adminLogin}/`) ? path : paths.adminDashboard;
}
