export { ConnectionBanner, useConnectionState } from "./connection-banner";
