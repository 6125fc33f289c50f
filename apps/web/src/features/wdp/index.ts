export { MobilePage } from "./mobile-page";
export { WdpPage } from "./wdp-page";
