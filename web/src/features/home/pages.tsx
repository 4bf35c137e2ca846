import { NotYetAvailable } from '../../components/NotYetAvailable';

export const HomePage = () => <NotYetAvailable titleKey="pageTitles.home" />;
export const GuidancePage = () => <NotYetAvailable titleKey="pageTitles.guidance" />;
export const TrackPage = () => <NotYetAvailable titleKey="pageTitles.track" />;
export const NotFoundPage = () => <NotYetAvailable titleKey="pageTitles.notFound" />;
