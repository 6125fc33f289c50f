export { ReportsButton } from "./reports-button";
