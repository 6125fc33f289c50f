import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { toLanguage } from "@planum/contracts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { theme } from "../../../../app/theme";
import { i18n } from "../../../../shared/i18n";
import { NetworkBenchPage } from "./network-bench-page";

// A separate Vite entry (network-bench.html): the benchmark never touches the app router or needs a server.
const params = new URLSearchParams(location.search);
const activities = Math.max(10, Math.min(50_000, Number(params.get("n") ?? 5000) || 5000));
const scheme = params.get("scheme") === "dark" ? "dark" : "light";
void i18n.changeLanguage(toLanguage(params.get("lang")) ?? "en");

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={scheme}>
        <NetworkBenchPage activities={activities} />
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
