export { PipelinePage } from "./pipeline-page";
