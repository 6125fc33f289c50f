export { decimalSeparator, editText, formatValue, readInput } from "./attribute-value";
export { childrenQuery, type EpsNode, ROOT, structureApi, structureKeys, useNode, useWholeTree } from "./structure-api";
export { StructureNav, type StructureSection } from "./structure-nav";
export { StructurePage } from "./structure-page";
export { useAbilities } from "./use-abilities";
export { useStructureLive } from "./use-structure-live";
