import { Box, Group, Stack, Text } from "@mantine/core";
import type { PrintField, PrintParts } from "@planum/contracts";
import { useTranslation } from "react-i18next";
import { filledBands, type PrintForm, pageOfForm } from "./print-form";

/** Longest side of a drawn sheet, px: two sheets fit side by side in the dialog down to 600 px screens. */
const SHEET_PX = 230;
/** 1 pt = 0.3528 mm. */
const MM_PER_PT = 0.3528;

function Band({ parts, fontPx }: { parts: PrintParts; fontPx: number }) {
  const cell = (align: "left" | "center" | "right", value: string) => (
    <Text
      component="span"
      style={{ flex: 1, textAlign: align, fontSize: fontPx, lineHeight: 1.2, overflow: "hidden", whiteSpace: "nowrap" }}
      title={value}
    >
      {value}
    </Text>
  );
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: "none" }}>
      {cell("left", parts.left)}
      {cell("center", parts.center)}
      {cell("right", parts.right)}
    </Group>
  );
}

/** The printed content, sketched: grid lines on the left, bars on the right (what a page of the workspace holds). */
function ContentSketch() {
  return (
    <Box style={{ flex: 1, display: "flex", gap: 4, overflow: "hidden", opacity: 0.5 }} aria-hidden>
      <Stack gap={3} style={{ width: "35%" }}>
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
          <Box key={i} h={3} bg="gray.5" style={{ borderRadius: 1, width: `${60 + ((i * 17) % 40)}%` }} />
        ))}
      </Stack>
      <Stack gap={3} style={{ flex: 1 }}>
        {Array.from({ length: 9 }, (_, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
            key={i}
            h={3}
            bg={i % 4 === 1 ? "red.6" : "blue.5"}
            style={{ borderRadius: 1, marginLeft: `${(i * 9) % 60}%`, width: `${15 + ((i * 13) % 30)}%` }}
          />
        ))}
      </Stack>
    </Box>
  );
}

function Sheet(props: {
  form: PrintForm;
  page: number;
  pages: number;
  values: Partial<Record<PrintField, string>>;
  label: string;
}) {
  const page = pageOfForm(props.form);
  if (!page) return null;
  const scale = SHEET_PX / Math.max(page.widthMm, page.heightMm);
  const margin = (key: "top" | "right" | "bottom" | "left") => {
    const value = Number(props.form.margins[key].replace(",", "."));
    return Number.isFinite(value) && value > 0 ? value * scale : 0;
  };
  // the text at the sheet's scale, yet never below what a screen can show
  const fontPx = Math.max(7, props.form.textSizePt * MM_PER_PT * scale);
  const { header, footer } = filledBands(props.form, props.page, props.pages, props.values);
  return (
    <Stack gap={4} align="center">
      <Box
        data-testid={`sheet-${props.page}`}
        style={{
          width: page.widthMm * scale,
          height: page.heightMm * scale,
          background: "white",
          color: "#222",
          boxShadow: "0 1px 4px rgba(0,0,0,0.35)",
          position: "relative",
        }}
      >
        <Box
          style={{
            position: "absolute",
            inset: `${margin("top")}px ${margin("right")}px ${margin("bottom")}px ${margin("left")}px`,
            outline: "1px dashed #aab",
            display: "flex",
            flexDirection: "column",
            gap: 3,
            overflow: "hidden",
          }}
        >
          <Band parts={header} fontPx={fontPx} />
          <ContentSketch />
          <Band parts={footer} fontPx={fontPx} />
        </Box>
      </Box>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
    </Stack>
  );
}

/**
 * The first and the last sheet as the format lays them out: margins dashed, the bands with their values filled, so
 * the special first-page header and last-page footer show where they apply.
 */
export function SheetPreview(props: { form: PrintForm; values: Partial<Record<PrintField, string>> }) {
  const { t } = useTranslation("print");
  if (!pageOfForm(props.form)) return null;
  return (
    <Group gap="lg" justify="center" align="flex-end" data-testid="sheet-preview">
      <Sheet form={props.form} page={1} pages={2} values={props.values} label={t("preview.first")} />
      <Sheet form={props.form} page={2} pages={2} values={props.values} label={t("preview.last")} />
    </Group>
  );
}
