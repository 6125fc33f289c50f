export { AssignmentsTab } from "./assignments-tab";
export { ResourcesPage } from "./resources-page";
