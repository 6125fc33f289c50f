export { CalendarsPage } from "./calendars-page";
