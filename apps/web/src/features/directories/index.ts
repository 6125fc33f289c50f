export { AssignUploadDialog } from "./assign-upload-dialog";
export { directoriesApi } from "./directories-api";
export { DirectoriesPage } from "./directories-page";
export { linksApi, useLinkedValues, useVersionDirectories } from "./links-api";
export { NodeDirectoriesTab } from "./node-directories-tab";
export { RefreshValuesDialog, valueText } from "./refresh-values-dialog";
export { RelationTotalsDialog } from "./relation-totals-dialog";
export { VersionLinksDialog } from "./version-links-dialog";
export { WbsFromDirectoryDialog } from "./wbs-from-directory-dialog";
