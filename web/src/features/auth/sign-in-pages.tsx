// The area's sign-in pages: a visitor opening a guarded page (a fine's payment, a complaint) lands here first, so they
// load without sign-up's camera and photo steps and the password pages (half the area's code).
export { LoginPage } from './LoginPage';
export { AdminLoginPage } from './AdminLoginPage';
export { PoliceLoginPage } from './PoliceLoginPage';
