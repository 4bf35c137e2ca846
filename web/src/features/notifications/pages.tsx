import './notifications.css';

export { SettingsPage } from './SettingsPage';
export { AdminNotificationsPage } from './AdminNotificationsPage';
