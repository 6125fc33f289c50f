export { BimNodeTab } from "./bim-node-tab";
export { BimWorkspacePanel } from "./bim-workspace-panel";
