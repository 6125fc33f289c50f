export { GuestLayout } from "./guest-layout";
export { LoginPage } from "./login-page";
export { IdlenessPage, SuccessPage } from "./message-pages";
export { RegisterPage } from "./register-page";
export { ResetPasswordPage } from "./reset-password-page";
export { RestorePage } from "./restore-page";
export { SsoLandingPage } from "./sso-landing-page";
