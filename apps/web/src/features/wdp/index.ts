export { WdpPage } from "./wdp-page";
