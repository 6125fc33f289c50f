export { childrenQuery, type EpsNode, ROOT, structureApi, structureKeys, useNode } from "./structure-api";
export { StructureNav, type StructureSection } from "./structure-nav";
export { StructurePage } from "./structure-page";
export { useAbilities } from "./use-abilities";
export { useStructureLive } from "./use-structure-live";
