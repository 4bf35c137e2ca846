// The pages of this area, loaded together as one chunk (the application wizard included). The information and
// verification pages, which a visitor opens first, are a lighter chunk of their own (public-pages.tsx).
export { ClearanceSuccessPage } from './ClearanceSuccessPage';
export { ClearanceCancelPage } from './ClearanceCancelPage';
export { TrackClearancePage } from './TrackClearancePage';
export { ClearanceApplyPage } from './apply/ClearanceApplyPage';
