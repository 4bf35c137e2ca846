// The pages of this area, loaded together as one chunk. The sign-in pages, which a visitor opens first (and which
// every guarded page sends a visitor to), are a lighter chunk of their own (sign-in-pages.tsx).
export { SignupPage } from './SignupPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SignupPhotoPage } from './SignupPhotoPage';
