// The pages of this area, loaded together as one chunk.
export { HomePage } from './HomePage';
export { GuidancePage } from './GuidancePage';
export { TrackPage } from './TrackPage';
export { NotFoundPage } from './NotFoundPage';
