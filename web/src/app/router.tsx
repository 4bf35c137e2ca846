import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from '../components/layout/Layout';
import { NotForStaff, RequireAdmin, RequireBranch, RequireCitizen, RequirePolice } from '../features/auth/guards';
import { paths } from '../paths';
import { HomePage, GuidancePage, TrackPage, NotFoundPage } from '../features/home/pages';
import { area, AreaBoundary } from './area';

const auth = area(() => import('../features/auth/pages'));
const complaints = area(() => import('../features/complaints/pages'));
const fines = area(() => import('../features/fines/pages'));
const payments = area(() => import('../features/payments/pages'));
const clearance = area(() => import('../features/clearance/pages'));
const anonymous = area(() => import('../features/anonymous/pages'));
const admin = area(() => import('../features/admin/pages'));
// The police dashboard shows the panel of the officer's branch, which the feature owning the work
// supplies; app/ composes them, so no feature imports another.
const police = area(async () => {
  const [{ PoliceDashboardPage: Dashboard }, policeArea] = await Promise.all([import('../features/police/pages'), import('./police-area')]);
  return { ...policeArea, PoliceDashboardPage: () => <Dashboard branchPanels={policeArea.branchPanels} /> };
});

const LoginPage = auth('LoginPage');
const SignupPage = auth('SignupPage');
const AdminLoginPage = auth('AdminLoginPage');
const PoliceLoginPage = auth('PoliceLoginPage');
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
const ClearanceInfoPage = clearance('ClearanceInfoPage');
const ClearanceApplyPage = clearance('ClearanceApplyPage');
const ClearanceSuccessPage = clearance('ClearanceSuccessPage');
const ClearanceCancelPage = clearance('ClearanceCancelPage');
const TrackClearancePage = clearance('TrackClearancePage');
const VerifyCertificatePage = clearance('VerifyCertificatePage');
const AnonymousComplaintPage = anonymous('AnonymousComplaintPage');
const TrackAnonymousPage = anonymous('TrackAnonymousPage');
const AdminDashboardPage = admin('AdminDashboardPage');
const CreateOfficerPage = admin('CreateOfficerPage');
const UsersPage = admin('UsersPage');
const AuditPage = admin('AuditPage');
const PoliceDashboardPage = police('PoliceDashboardPage');
const IssueFinePage = police('IssueFinePage');
const AnalyticsPage = police('AnalyticsPage');

/** The home area is in the first load, not lazy; its pages get the same error boundary as the others. */
const homeArea = (Page: ComponentType) => (
  <AreaBoundary>
    <Page />
  </AreaBoundary>
);
const citizen = (Page: ComponentType) => (
  <RequireCitizen>
    <Page />
  </RequireCitizen>
);
/** A citizen's page a visitor may begin before signing in. */
const notForStaff = (Page: ComponentType) => (
  <NotForStaff>
    <Page />
  </NotForStaff>
);
const adminOnly = (Page: ComponentType) => (
  <RequireAdmin>
    <Page />
  </RequireAdmin>
);
const policeOnly = (Page: ComponentType) => (
  <RequirePolice>
    <Page />
  </RequirePolice>
);
/** A Traffic Fine Branch page; each has its own refusal text (spec: issue-fine and analytics are guarded separately). */
const trafficFineBranch = (Page: ComponentType, deniedKey: 'guard.issueFineDenied' | 'guard.analyticsDenied') => (
  <RequireBranch branch="Traffic Fine Branch" deniedKey={deniedKey}>
    <Page />
  </RequireBranch>
);

/** The app's routes, under the layout; App mounts them in a data router (which lets forms ask before being left). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: homeArea(HomePage) },
      { path: paths.guidance, element: homeArea(GuidancePage) },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.complaint, element: citizen(ComplaintTypePage) },
      { path: paths.complaintTraffic, element: citizen(TrafficComplaintPage) },
      { path: paths.complaintCrime, element: citizen(CrimeComplaintPage) },
      { path: paths.complaintMinorOffence, element: citizen(MinorOffenceComplaintPage) },
      { path: paths.track, element: homeArea(TrackPage) },
      { path: paths.trackComplaint, element: citizen(TrackComplaintPage) },
      { path: paths.trackFine, element: citizen(TrackFinePage) },
      { path: paths.trackClearance, element: citizen(TrackClearancePage) },
      { path: paths.payFine, element: citizen(PayFinePage) },
      { path: paths.finesSuccess, element: <FineSuccessPage /> },
      { path: paths.finesCancel, element: <FineCancelPage /> },
      { path: paths.checkout, element: <CheckoutPage /> },
      { path: paths.clearance, element: <ClearanceInfoPage /> },
      { path: paths.clearanceApply, element: notForStaff(ClearanceApplyPage) },
      { path: paths.clearanceSuccess, element: <ClearanceSuccessPage /> },
      { path: paths.clearanceCancel, element: <ClearanceCancelPage /> },
      { path: paths.verifyCertificate, element: <VerifyCertificatePage /> },
      { path: paths.anonymousComplaint, element: <AnonymousComplaintPage /> },
      { path: paths.anonymousTrack, element: <TrackAnonymousPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.adminLoginAlias, element: <AdminLoginPage /> },
      { path: paths.adminDashboard, element: adminOnly(AdminDashboardPage) },
      { path: paths.adminCreateOfficer, element: adminOnly(CreateOfficerPage) },
      { path: paths.adminUsers, element: adminOnly(UsersPage) },
      { path: paths.adminAudit, element: adminOnly(AuditPage) },
      { path: `${paths.adminLogin}/*`, element: adminOnly(NotFoundPage) },
      { path: paths.policeLogin, element: <PoliceLoginPage /> },
      { path: paths.policeDashboard, element: policeOnly(PoliceDashboardPage) },
      { path: paths.policeIssueFine, element: trafficFineBranch(IssueFinePage, 'guard.issueFineDenied') },
      { path: paths.policeAnalytics, element: trafficFineBranch(AnalyticsPage, 'guard.analyticsDenied') },
      { path: '*', element: homeArea(NotFoundPage) },
    ],
  },
];
