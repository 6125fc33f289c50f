export { InterchangeActions } from "./interchange-actions";
