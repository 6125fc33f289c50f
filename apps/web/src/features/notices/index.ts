export { NoticeSettingsCard } from "./notice-settings-card";
export { NoticesBell } from "./notices-bell";
export { PersonalAreaCard } from "./personal-area-card";
