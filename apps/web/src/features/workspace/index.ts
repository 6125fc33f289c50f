export { useCanWriteSchedule } from "./use-calculate-settings";
export { pickVersion } from "./version-order";
export { workspaceApi, workspaceKeys } from "./workspace-api";
export { WorkspacePage } from "./workspace-page";
