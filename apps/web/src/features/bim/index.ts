export { BimModelsTab } from "./bim-models-tab";
