import type { Branch, Role } from '@pes/contracts';
import { paths } from '../../paths';

/** Who the header is for: the signed-in user's role and branch (or what this tab stored while the session is checked). */
export interface Viewer {
  role: Role;
  branch: Branch | null;
}

export interface NavItem {
  to: string;
  /** A key of the common namespace. */
  key: string;
  /** Active only on this exact path (not on the paths below it). */
  end?: boolean;
}

/** What citizens and visitors are offered. */
const PUBLIC_NAV: NavItem[] = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.guidance, key: 'nav.guidance' },
  { to: paths.complaint, key: 'nav.complaint' },
  { to: paths.track, key: 'nav.track' },
  { to: paths.payFine, key: 'nav.fine' },
  { to: paths.clearance, key: 'nav.clearance' },
];

/** The administrator's area: slots and workload are on the dashboard. */
const ADMIN_NAV: NavItem[] = [
  { to: paths.adminDashboard, key: 'nav.dashboard' },
  { to: paths.adminUsers, key: 'nav.users' },
  { to: paths.adminAudit, key: 'nav.auditLog' },
  { to: paths.adminDataViewFlags, key: 'nav.flaggedViews' },
  { to: paths.adminNotifications, key: 'nav.notifications' },
  { to: paths.adminCreateOfficer, key: 'nav.createOfficer' },
];

/** Every officer's dashboard, then the pages of their branch (only the Traffic Fine Branch has pages of its own). */
function policeNav(branch: Branch | null): NavItem[] {
  const dashboard = { to: paths.policeDashboard, key: 'nav.dashboard' };
  if (branch === 'Traffic Fine Branch') {
    return [dashboard, { to: paths.policeIssueFine, key: 'nav.issueFine' }, { to: paths.policeAnalytics, key: 'nav.analytics' }];
  }
  return [dashboard];
}

/**
 * The header's links for who is signed in: staff get their own area and never the citizen's pages (which would
 * only send them to the citizen sign-in page); citizens and visitors get the public ones.
 */
export function navItemsFor(user: Viewer | null): NavItem[] {
  if (user?.role === 'admin') return ADMIN_NAV;
  if (user?.role === 'police_officer') return policeNav(user.branch);
  // A signed-in citizen also has their settings (language and message channels).
  if (user?.role === 'citizen') return [...PUBLIC_NAV, { to: paths.settings, key: 'nav.settings' }];
  return PUBLIC_NAV;
}

/** The "Signed-in devices" page of the user's own area. */
export function devicesPathFor(user: Viewer): string {
  if (user.role === 'admin') return paths.adminDevices;
  if (user.role === 'police_officer') return paths.policeDevices;
  return paths.accountDevices;
}

/** Where the brand (and a staff member's way home) leads. */
export function homePathFor(user: Viewer | null): string {
  if (user?.role === 'admin') return paths.adminDashboard;
  if (user?.role === 'police_officer') return paths.policeDashboard;
  return paths.home;
}

/** Where signing out leads: the sign-in page of the area the user belongs to (citizens go home). */
export function signedOutPathFor(user: Viewer | null): string {
  if (user?.role === 'admin') return paths.adminLogin;
  if (user?.role === 'police_officer') return paths.policeLogin;
  return paths.home;
}
