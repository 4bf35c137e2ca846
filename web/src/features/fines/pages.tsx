// The pages of this area, loaded together as one chunk.
export { PayFinePage } from './PayFinePage';
export { TrackFinePage } from './TrackFinePage';
export { FineSuccessPage } from './FineSuccessPage';
export { FineCancelPage } from './FineCancelPage';
