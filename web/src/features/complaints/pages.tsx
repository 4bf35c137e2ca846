import { NotYetAvailable } from '../../components/NotYetAvailable';

export const ComplaintTypePage = () => <NotYetAvailable titleKey="pageTitles.complaint" />;
export const TrafficComplaintPage = () => <NotYetAvailable titleKey="pageTitles.complaintTraffic" />;
export const CrimeComplaintPage = () => <NotYetAvailable titleKey="pageTitles.complaintCrime" />;
export const MinorOffenceComplaintPage = () => <NotYetAvailable titleKey="pageTitles.complaintMinorOffence" />;
export const TrackComplaintPage = () => <NotYetAvailable titleKey="pageTitles.trackComplaint" />;
