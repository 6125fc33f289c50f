export { SpaceHomePage } from "./space-home-page";
