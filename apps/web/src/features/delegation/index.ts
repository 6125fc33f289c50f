export { DelegationCard } from "./delegation-card";
