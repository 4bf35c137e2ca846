import { NotYetAvailable } from '../../components/NotYetAvailable';

export const PayFinePage = () => <NotYetAvailable titleKey="pageTitles.payFine" />;
export const TrackFinePage = () => <NotYetAvailable titleKey="pageTitles.trackFine" />;
export const FineSuccessPage = () => <NotYetAvailable titleKey="pageTitles.fineSuccess" />;
export const FineCancelPage = () => <NotYetAvailable titleKey="pageTitles.fineCancel" />;
export const CheckoutPage = () => <NotYetAvailable titleKey="pageTitles.checkout" />;
