export { ProfilePage } from "./profile-page";
export { useDarkMode } from "./use-dark-mode";
export { UserAvatar } from "./user-avatar";
