export { attributesApi } from "./attributes-api";
export { AttributesPage } from "./attributes-page";
