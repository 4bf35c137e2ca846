import './account.css';

export { SessionsPage } from './SessionsPage';
export { MyDataPage, AccountClosedPage } from './MyDataPage';
export { DataViewsPage } from './DataViewsPage';
