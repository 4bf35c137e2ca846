// The pages of this area, loaded together as one chunk.
export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
export { AdminLoginPage } from './AdminLoginPage';
export { PoliceLoginPage } from './PoliceLoginPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
