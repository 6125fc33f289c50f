export { SelectSpacePage } from "./select-space-page";
export { spaceRoleLabel, spaceTypeLabel } from "./space-labels";
export { SpaceSwitcher } from "./space-switcher";
export { spacesApi, useSpaceAccess, useSpaceMembers, useSpaces } from "./spaces-api";
