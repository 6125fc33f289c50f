import "@mantine/core/styles.css";
import { Group, MantineProvider, Text } from "@mantine/core";
import { toLanguage } from "@planum/contracts";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { theme } from "../app/theme";
import { i18n } from "../shared/i18n";

/**
 * What the benchmark pages (gantt-bench.html, network-bench.html: their own Vite entries, so a benchmark never
 * touches the app router or needs a server) share: the query parameters, the providers, the frame around the view.
 */
export const benchParams = new URLSearchParams(location.search);

/** A whole-number query parameter clamped to [min, max]; `fallback` when absent or not a number. */
export function benchCount(name: string, fallback: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Number(benchParams.get(name) ?? fallback) || fallback));
}

/** Renders `page` into #root in the language (?lang=en|ru|fr) and colour scheme (?scheme=dark) asked for. */
export function mountBench(page: ReactNode) {
  const scheme = benchParams.get("scheme") === "dark" ? "dark" : "light";
  void i18n.changeLanguage(toLanguage(benchParams.get("lang")) ?? "en");
  const root = document.getElementById("root");
  if (!root) throw new Error("The page has no #root element");
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} forceColorScheme={scheme}>
          {page}
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

/** The full-screen frame of a benchmark page: a one-line title with the size, then the view filling the rest. */
export function BenchFrame({ title, count, children }: { title: string; count: string; children: ReactNode }) {
  return (
    <div style={{ height: "100vh", display: "flex", flexDirection: "column" }}>
      <Group px="sm" py={4} gap="md" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {count}
        </Text>
      </Group>
      <div style={{ flex: 1, minHeight: 0 }}>{children}</div>
    </div>
  );
}
