// The pages of this area, loaded together as one chunk (the application wizard included).
export { ClearanceInfoPage } from './ClearanceInfoPage';
export { ClearanceSuccessPage } from './ClearanceSuccessPage';
export { ClearanceCancelPage } from './ClearanceCancelPage';
export { TrackClearancePage } from './TrackClearancePage';
export { VerifyCertificatePage } from './VerifyCertificatePage';
export { ClearanceApplyPage } from './apply/ClearanceApplyPage';
