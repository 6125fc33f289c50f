export { TimesheetsPage } from "./timesheets-page";
export { TimesheetsTab } from "./timesheets-tab";
