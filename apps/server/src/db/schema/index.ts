export * from "./interchange.table.js";
export * from "./platform.table.js";
export * from "./spaces.table.js";
export * from "./structure.table.js";
export * from "./structure-access.table.js";
export * from "./users.table.js";
export * from "./workspace.table.js";
export * from "./workspace-settings.table.js";
