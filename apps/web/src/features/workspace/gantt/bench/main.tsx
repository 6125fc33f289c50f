import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { toLanguage } from "@planum/contracts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { theme } from "../../../../app/theme";
import { i18n } from "../../../../shared/i18n";
import { GANTT_SCALES, type GanttScale } from "../scale-math";
import { GanttBenchPage } from "./gantt-bench-page";

// A separate Vite entry (gantt-bench.html): the benchmark never touches the app router or needs a server.
const params = new URLSearchParams(location.search);
const rows = Math.max(10, Math.min(200_000, Number(params.get("n") ?? 100_000) || 100_000));
const scale = (GANTT_SCALES as readonly string[]).includes(params.get("scale") ?? "")
  ? (params.get("scale") as GanttScale)
  : "week";
const scheme = params.get("scheme") === "dark" ? "dark" : "light";
const language = toLanguage(params.get("lang")) ?? "en";
void i18n.changeLanguage(language);

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={scheme}>
        <GanttBenchPage rows={rows} scale={scale} />
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
