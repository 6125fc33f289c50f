import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { createLabeler } from "./scale-labels";

/** The time scale's header labels in the page's language, measured with the header canvas's font. */
export function useScaleLabeler() {
  const { t, i18n } = useTranslation("workspace", { keyPrefix: "gantt" });
  const locale = i18n.language;
  return useMemo(() => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (ctx) ctx.font = "12px Inter, system-ui, sans-serif";
    return createLabeler(
      locale,
      { quarter: (n) => t("header.quarter", { n }), week: (n) => t("header.week", { n }) },
      (text) => ctx?.measureText(text).width ?? text.length * 7,
    );
  }, [locale, t]);
}
