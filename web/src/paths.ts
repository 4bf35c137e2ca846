/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  guidance: '/guidance',
  login: '/login',
  signup: '/signup',
  complaint: '/complaint',
  complaintTraffic: '/complaints/traffic',
  complaintCrime: '/complaints/crime',
  complaintMinorOffence: '/complaints/minor-offence',
  track: '/track',
  trackComplaint: '/track-complaint',
  trackFine: '/track-fine',
  trackClearance: '/track-clearance',
  payFine: '/pay-fine',
  finesSuccess: '/fines/success',
  finesCancel: '/fines/cancel',
  checkout: '/checkout/:sessionId',
  clearance: '/clearance',
  clearanceApply: '/clearance/apply',
  clearanceSuccess: '/clearance/success',
  clearanceCancel: '/clearance/cancel',
  verifyCertificate: '/verify/:reference',
  anonymousComplaint: '/anonymous-complaint',
  adminLogin: '/admin',
  adminLoginAlias: '/login/admin',
  adminDashboard: '/admin/dashboard',
  adminCreateOfficer: '/admin/create-officer',
  adminUsers: '/admin/users',
  policeLogin: '/police/login',
  policeDashboard: '/police/dashboard',
  policeIssueFine: '/police/issue-fine',
  policeAnalytics: '/police/analytics',
} as const;

/** The sign-in page of the area a path belongs to (spec: the 401 rule). */
export function signInPathFor(pathname: string) {
  if (pathname.startsWith('/admin')) return paths.adminLogin;
  if (pathname.startsWith('/police')) return paths.policeLogin;
  return paths.login;
}
