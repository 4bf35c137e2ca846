import { PAYMENT_RETURN_PATHS, SANDBOX_CHECKOUT_PATH } from '@pes/contracts/payment-paths';
import { ACCOUNT_DEVICES_PATH, FORGOT_PASSWORD_PATH, PASSWORD_RESET_PATH, SIGNUP_PHOTO_PATH } from '@pes/contracts/account-paths';

/** Every route of the web app, in one place (the payment return pages are the contracts', which the server sends). */
export const paths = {
  home: '/',
  guidance: '/guidance',
  login: '/login',
  signup: '/signup',
  /** The phone's page of a signup's live photo (the QR code's link; the server writes it from the same constant). */
  signupPhoto: `${SIGNUP_PHOTO_PATH}/:token`,
  complaint: '/complaint',
  complaintTraffic: '/complaints/traffic',
  complaintCrime: '/complaints/crime',
  complaintMinorOffence: '/complaints/minor-offence',
  track: '/track',
  trackComplaint: '/track-complaint',
  trackFine: '/track-fine',
  trackClearance: '/track-clearance',
  payFine: '/pay-fine',
  finesSuccess: PAYMENT_RETURN_PATHS.fine.success,
  finesCancel: PAYMENT_RETURN_PATHS.fine.cancel,
  checkout: `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
  clearance: '/clearance',
  clearanceApply: '/clearance/apply',
  clearanceSuccess: PAYMENT_RETURN_PATHS.clearance.success,
  clearanceCancel: PAYMENT_RETURN_PATHS.clearance.cancel,
  verifyCertificate: '/verify/:code',
  anonymousComplaint: '/anonymous-complaint',
  anonymousTrack: '/anonymous-complaint/track',
  adminLogin: '/admin',
  adminLoginAlias: '/login/admin',
  adminDashboard: '/admin/dashboard',
  adminCreateOfficer: '/admin/create-officer',
  adminUsers: '/admin/users',
  adminAudit: '/admin/audit',
  adminNotifications: '/admin/notifications',
  settings: '/settings',
  /** Signed-in devices, one per area (so a 401 there leads to that area's sign-in page); a citizen's data and closure. */
  accountDevices: ACCOUNT_DEVICES_PATH,
  adminDevices: '/admin/devices',
  policeDevices: '/police/devices',
  accountData: '/account/data',
  accountDataViews: '/account/data-views',
  adminDataViewFlags: '/admin/data-view-flags',
  accountClosed: '/account/closed',
  /** Any signed-in user's own password, beside the settings. */
  changePassword: '/settings/password',
  forgotPassword: FORGOT_PASSWORD_PATH,
  /** The link of a reset e-mail (the server writes it from the same constant). */
  resetPassword: PASSWORD_RESET_PATH,
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
