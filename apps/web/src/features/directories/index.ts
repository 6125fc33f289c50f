export { DirectoriesPage } from "./directories-page";
export { NodeDirectoriesTab } from "./node-directories-tab";
