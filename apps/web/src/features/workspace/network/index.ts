export { networkKeys, useNetworkDiagram } from "./network-api";
export { buildNetworkModel, type NetworkModel } from "./network-model";
export { type NetworkLink, type NetworkPerfProbe, NetworkView } from "./network-view";
