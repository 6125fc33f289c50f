export { decimalSeparator, editText, formatValue, readInput } from "./attribute-value";
export { KeepOnNodeDialog, type ProducedFile } from "./keep-on-node-dialog";
export { childrenQuery, type EpsNode, ROOT, structureApi, structureKeys, useNode, useWholeTree } from "./structure-api";
export { StructureNav, type StructureSection } from "./structure-nav";
export { StructurePage } from "./structure-page";
export { useAbilities } from "./use-abilities";
export { useStructureLive } from "./use-structure-live";
