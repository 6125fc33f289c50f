export { AssignmentsTab } from "./assignments-tab";
export { ResourcesPage } from "./resources-page";
export { VersionResourceGantt } from "./usage/version-resource-gantt";
