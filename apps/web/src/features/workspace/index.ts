export { WorkspacePage } from "./workspace-page";
