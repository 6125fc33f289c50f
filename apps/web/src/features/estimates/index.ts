export { EstimatesPage } from "./estimates-page";
