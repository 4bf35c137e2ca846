export { AnonymousComplaintPage } from './AnonymousComplaintPage';
export { TrackAnonymousPage } from './TrackAnonymousPage';
