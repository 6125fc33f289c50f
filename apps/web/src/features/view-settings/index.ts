export { lastSchedule, rememberSchedule } from "./last-schedule";
export { ViewSettingsPage } from "./view-settings-page";
