import { createTheme, localStorageColorSchemeManager } from "@mantine/core";
import { COLOR_SCHEME_KEY } from "../shared/storage-keys";

/** Spec §9 breakpoints (sm 600, md 1024, lg 1440, xl 1920 px) in em, as Mantine expects; xs is a small phone. */
export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  breakpoints: { xs: "30em", sm: "37.5em", md: "64em", lg: "90em", xl: "120em" },
});

/** Dark mode is off by default (spec §9) and remembered in this browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
