// The pages of this area, loaded together as one chunk.
export { ComplaintTypePage } from './ComplaintTypePage';
export { TrafficComplaintPage } from './TrafficComplaintPage';
export { CrimeComplaintPage } from './CrimeComplaintPage';
export { MinorOffenceComplaintPage } from './MinorOffenceComplaintPage';
export { TrackComplaintPage } from './TrackComplaintPage';
