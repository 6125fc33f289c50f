export { CyclogramPage } from "./cyclogram-page";
