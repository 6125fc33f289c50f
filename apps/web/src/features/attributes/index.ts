export { AttributesPage } from "./attributes-page";
