import { NotYetAvailable } from '../../components/NotYetAvailable';

export const ClearanceInfoPage = () => <NotYetAvailable titleKey="pageTitles.clearance" />;
export const ClearanceApplyPage = () => <NotYetAvailable titleKey="pageTitles.clearanceApply" />;
export const ClearanceSuccessPage = () => <NotYetAvailable titleKey="pageTitles.clearanceSuccess" />;
export const ClearanceCancelPage = () => <NotYetAvailable titleKey="pageTitles.clearanceCancel" />;
export const TrackClearancePage = () => <NotYetAvailable titleKey="pageTitles.trackClearance" />;
export const VerifyCertificatePage = () => <NotYetAvailable titleKey="pageTitles.verifyCertificate" />;
