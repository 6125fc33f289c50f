export { BimModelsTab } from "./bim-models-tab";
export { BimWorkspacePanel } from "./bim-workspace-panel";
