export { networkKeys, useNetworkDiagram } from "./network-api";
export { buildNetworkModel, type NetworkModel } from "./network-model";
export { printNetwork } from "./network-print";
export { type NetworkLink, type NetworkPerfProbe, NetworkView, useNetworkLabels } from "./network-view";
