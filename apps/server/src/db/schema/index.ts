export * from "./platform.table.js";
export * from "./spaces.table.js";
export * from "./users.table.js";
