// The pages of this area, loaded together as one chunk.
export { AdminDashboardPage } from './AdminDashboardPage';
export { CreateOfficerPage } from './CreateOfficerPage';
export { UsersPage } from './users/UsersPage';
export { AuditPage } from './audit/AuditPage';
export { DataViewFlagsPage } from './data-view-flags/DataViewFlagsPage';
