export { DisconnectPage } from "./disconnect-page";
export { ERROR_PAGE_REASONS, ErrorPage } from "./error-page";
export { NotFoundPage } from "./not-found-page";
