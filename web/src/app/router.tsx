import type { ComponentType, ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Role } from '@pes/contracts';
import { sessionStore } from '../lib/session/session-storage';
import { Layout } from '../components/layout/Layout';
import { NotForStaff, RequireAdmin, RequireBranch, RequireCitizen, RequirePolice, RequireSignedIn } from '../features/auth/guards';
import { paths } from '../paths';
import { HomePage, GuidancePage, TrackPage, NotFoundPage } from '../features/home/pages';
import { area, AreaBoundary, type AreaPage } from './area';

const auth = area(() => import('../features/auth/pages'), ['auth']);
const signInPages = area(() => import('../features/auth/sign-in-pages'), ['auth']);
const complaints = area(() => import('../features/complaints/pages'), ['complaints']);
const fines = area(() => import('../features/fines/pages'), ['fines']);
const payments = area(() => import('../features/payments/pages'), ['payments', 'fines']);
const clearance = area(() => import('../features/clearance/pages'), ['clearance']);
const clearancePublic = area(() => import('../features/clearance/public-pages'), ['clearance']);
const anonymous = area(() => import('../features/anonymous/pages'), ['anonymous']);
const notifications = area(() => import('../features/notifications/pages'), ['notifications']);
const account = area(() => import('../features/account/pages'), ['account']);
const admin = area(() => import('../features/admin/pages'), ['admin', 'slots', 'officers']);
// The police dashboard shows the panel of the officer's branch, which the feature owning the work
// supplies; app/ composes them, so no feature imports another.
const police = area(async () => {
  const [{ PoliceDashboardPage: Dashboard }, policeArea] = await Promise.all([import('../features/police/pages'), import('./police-area')]);
  return { ...policeArea, PoliceDashboardPage: () => <Dashboard branchPanels={policeArea.branchPanels} /> };
}, ['police', 'complaints']);

const LoginPage = signInPages('LoginPage');
const SignupPage = auth('SignupPage');
const SignupPhotoPage = auth('SignupPhotoPage');
const AdminLoginPage = signInPages('AdminLoginPage');
const PoliceLoginPage = signInPages('PoliceLoginPage');
const ChangePasswordPage = auth('ChangePasswordPage');
const ForgotPasswordPage = auth('ForgotPasswordPage');
const ResetPasswordPage = auth('ResetPasswordPage');
const ComplaintTypePage = complaints('ComplaintTypePage');
const TrafficComplaintPage = complaints('TrafficComplaintPage');
const CrimeComplaintPage = complaints('CrimeComplaintPage');
const MinorOffenceComplaintPage = complaints('MinorOffenceComplaintPage');
const TrackComplaintPage = complaints('TrackComplaintPage');
const PayFinePage = fines('PayFinePage');
const TrackFinePage = fines('TrackFinePage');
const FineSuccessPage = fines('FineSuccessPage');
const FineCancelPage = fines('FineCancelPage');
const CheckoutPage = payments('CheckoutPage');
const ClearanceInfoPage = clearancePublic('ClearanceInfoPage');
const ClearanceApplyPage = clearance('ClearanceApplyPage');
const ClearanceSuccessPage = clearance('ClearanceSuccessPage');
const ClearanceCancelPage = clearance('ClearanceCancelPage');
const TrackClearancePage = clearance('TrackClearancePage');
const VerifyCertificatePage = clearancePublic('VerifyCertificatePage');
const AnonymousComplaintPage = anonymous('AnonymousComplaintPage');
const TrackAnonymousPage = anonymous('TrackAnonymousPage');
const AdminDashboardPage = admin('AdminDashboardPage');
const CreateOfficerPage = admin('CreateOfficerPage');
const UsersPage = admin('UsersPage');
const AuditPage = admin('AuditPage');
const SettingsPage = notifications('SettingsPage');
const AdminNotificationsPage = notifications('AdminNotificationsPage');
const SessionsPage = account('SessionsPage');
const DataViewsPage = account('DataViewsPage');
const DataViewFlagsPage = admin('DataViewFlagsPage');
const MyDataPage = account('MyDataPage');
const AccountClosedPage = account('AccountClosedPage');
const PoliceDashboardPage = police('PoliceDashboardPage');
const IssueFinePage = police('IssueFinePage');
const AnalyticsPage = police('AnalyticsPage');

/** The home area is in the first load, not lazy; its pages get the same error boundary as the others. */
const homeArea = (Page: ComponentType) => (
  <AreaBoundary>
    <Page />
  </AreaBoundary>
);
/** Route fields for a lazy page: `handle.preload` fetches what the page at this path will need (see preloadRoute). */
interface LazyRoute {
  element: ReactNode;
  handle: { preload: () => Promise<unknown> };
}
type Guard = ComponentType<{ children: ReactNode }>;
/**
 * A lazy page behind a guard. Its preload is the page's if the stored session would pass the guard, else the sign-in
 * page's that the guard sends to (`signIn`); a guard that sends nobody elsewhere preloads the page.
 */
const behind =
  (Guard: Guard, signIn?: { role: Role; page: AreaPage }) =>
  (Page: AreaPage): LazyRoute => ({
    element: (
      <Guard>
        <Page />
      </Guard>
    ),
    handle: { preload: () => (!signIn || sessionStore.role() === signIn.role ? Page : signIn.page).preload() },
  });
const open = (Page: AreaPage): LazyRoute => ({ element: <Page />, handle: { preload: Page.preload } });
const citizen = behind(RequireCitizen, { role: 'citizen', page: LoginPage });
/** A page for anyone signed in, whatever their role (their own password). */
const signedIn = behind(RequireSignedIn);
/** A citizen's page a visitor may begin before signing in. */
const notForStaff = behind(NotForStaff);
const adminOnly = behind(RequireAdmin, { role: 'admin', page: AdminLoginPage });
const policeOnly = behind(RequirePolice, { role: 'police_officer', page: PoliceLoginPage });
/** A Traffic Fine Branch page; each has its own refusal text (spec: issue-fine and analytics are guarded separately). */
const trafficFineBranch = (Page: AreaPage, deniedKey: 'guard.issueFineDenied' | 'guard.analyticsDenied') =>
  behind(
    ({ children }) => (
      <RequireBranch branch="Traffic Fine Branch" deniedKey={deniedKey}>
        {children}
      </RequireBranch>
    ),
    { role: 'police_officer', page: PoliceLoginPage },
  )(Page);

/** The app's routes, under the layout (App mounts them). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: homeArea(HomePage) },
      { path: paths.guidance, element: homeArea(GuidancePage) },
      { path: paths.login, ...open(LoginPage) },
      { path: paths.signup, ...open(SignupPage) },
      { path: paths.signupPhoto, ...open(SignupPhotoPage) },
      { path: paths.complaint, ...citizen(ComplaintTypePage) },
      { path: paths.complaintTraffic, ...citizen(TrafficComplaintPage) },
      { path: paths.complaintCrime, ...citizen(CrimeComplaintPage) },
      { path: paths.complaintMinorOffence, ...citizen(MinorOffenceComplaintPage) },
      { path: paths.track, element: homeArea(TrackPage) },
      { path: paths.trackComplaint, ...citizen(TrackComplaintPage) },
      { path: paths.trackFine, ...citizen(TrackFinePage) },
      { path: paths.trackClearance, ...citizen(TrackClearancePage) },
      { path: paths.payFine, ...citizen(PayFinePage) },
      { path: paths.finesSuccess, ...open(FineSuccessPage) },
      { path: paths.finesCancel, ...open(FineCancelPage) },
      { path: paths.checkout, ...open(CheckoutPage) },
      { path: paths.clearance, ...open(ClearanceInfoPage) },
      { path: paths.clearanceApply, ...notForStaff(ClearanceApplyPage) },
      { path: paths.clearanceSuccess, ...open(ClearanceSuccessPage) },
      { path: paths.clearanceCancel, ...open(ClearanceCancelPage) },
      { path: paths.verifyCertificate, ...open(VerifyCertificatePage) },
      { path: paths.anonymousComplaint, ...open(AnonymousComplaintPage) },
      { path: paths.anonymousTrack, ...open(TrackAnonymousPage) },
      { path: paths.adminLogin, ...open(AdminLoginPage) },
      { path: paths.adminLoginAlias, ...open(AdminLoginPage) },
      { path: paths.adminDashboard, ...adminOnly(AdminDashboardPage) },
      { path: paths.adminCreateOfficer, ...adminOnly(CreateOfficerPage) },
      { path: paths.adminUsers, ...adminOnly(UsersPage) },
      { path: paths.adminAudit, ...adminOnly(AuditPage) },
      { path: paths.adminDataViewFlags, ...adminOnly(DataViewFlagsPage) },
      { path: paths.adminNotifications, ...adminOnly(AdminNotificationsPage) },
      { path: paths.settings, ...citizen(SettingsPage) },
      { path: paths.accountDevices, ...citizen(SessionsPage) },
      { path: paths.adminDevices, ...adminOnly(SessionsPage) },
      { path: paths.policeDevices, ...policeOnly(SessionsPage) },
      { path: paths.accountData, ...citizen(MyDataPage) },
      { path: paths.accountDataViews, ...citizen(DataViewsPage) },
      { path: paths.accountClosed, ...open(AccountClosedPage) },
      { path: paths.changePassword, ...signedIn(ChangePasswordPage) },
      { path: paths.forgotPassword, ...open(ForgotPasswordPage) },
      { path: paths.resetPassword, ...open(ResetPasswordPage) },
      {
        path: `${paths.adminLogin}/*`,
        element: (
          <RequireAdmin>
            <NotFoundPage />
          </RequireAdmin>
        ),
      },
      { path: paths.policeLogin, ...open(PoliceLoginPage) },
      { path: paths.policeDashboard, ...policeOnly(PoliceDashboardPage) },
      { path: paths.policeIssueFine, ...trafficFineBranch(IssueFinePage, 'guard.issueFineDenied') },
      { path: paths.policeAnalytics, ...trafficFineBranch(AnalyticsPage, 'guard.analyticsDenied') },
      { path: '*', element: homeArea(NotFoundPage) },
    ],
  },
];

/**
 * Starts loading the code and texts of the page at `pathname` (or of the sign-in page its guard will send to), so the
 * first render does not wait for them after the shell's own texts. Settles when they are loaded or have failed: a
 * failure is the page's to report when it renders.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loading = (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as LazyRoute['handle'] | undefined)?.preload());
  return Promise.allSettled(loading).then(() => undefined);
}
