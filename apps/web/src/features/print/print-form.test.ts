import { DEFAULT_PRINT_FORMAT } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { filledBands, fromForm, pageOfForm, toForm, withField, withPaper } from "./print-form";

describe("print format form", () => {
  it("reads typed millimetres with a comma and turns the sheet by the orientation", () => {
    const form = withPaper(toForm(DEFAULT_PRINT_FORMAT, "ru"), "custom", "ru");
    const typed = { ...form, widthMm: "914,5", heightMm: "610", orientation: "portrait" as const };
    const result = fromForm(typed);
    expect("format" in result && result.format).toMatchObject({ widthMm: 914.5, heightMm: 610 });
    expect(pageOfForm(typed)).toEqual({ widthMm: 610, heightMm: 914.5 });
    expect(pageOfForm(withPaper(typed, "A4", "ru"))).toEqual({ widthMm: 210, heightMm: 297 });
  });

  it("places the spec's refusals on their fields", () => {
    const form = withPaper(toForm(DEFAULT_PRINT_FORMAT, "en"), "custom", "en");
    const result = fromForm({
      ...form,
      widthMm: "250",
      heightMm: "abc",
      margins: { ...form.margins, left: "-2" },
    });
    expect(result).toEqual({ issues: { heightMm: { code: "InvalidNumber" } } });
    const small = fromForm({ ...form, widthMm: "250", heightMm: "200", margins: { ...form.margins, left: "-2" } });
    expect("issues" in small && small.issues).toMatchObject({
      widthMm: { code: "PrintSheetWidth", params: { min: 297 } },
      heightMm: { code: "PrintSheetHeight", params: { min: 210 } },
      "margins.left": { code: "PrintMarginNegative" },
    });
  });

  it("fills the first page's own header and the last page's own footer with the values", () => {
    const form = toForm(
      {
        ...DEFAULT_PRINT_FORMAT,
        bands: {
          firstHeader: { left: "[project]", center: "", right: "" },
          header: { left: "[schedule]", center: "", right: "" },
          footer: { left: "", center: "", right: "[page] / [pages]" },
          lastFooter: { left: "Подпись", center: "", right: "[page] / [pages] [unknown]" },
        },
      },
      "ru",
    );
    const values = { project: "Корпус А", schedule: "ГПР" };
    expect(filledBands(form, 1, 3, values)).toMatchObject({ header: { left: "Корпус А" }, footer: { right: "1 / 3" } });
    expect(filledBands(form, 2, 3, values)).toMatchObject({ header: { left: "ГПР" }, footer: { right: "2 / 3" } });
    expect(filledBands(form, 3, 3, values).footer).toEqual({ left: "Подпись", center: "", right: "3 / 3 [unknown]" });
    const plain = fromForm({ ...form, own: { firstHeader: false, lastFooter: false } });
    expect("format" in plain && plain.format.bands).toMatchObject({ firstHeader: null, lastFooter: null });
    expect(withField("Лист", "page")).toBe("Лист [page]");
    expect(withField("", "user")).toBe("[user]");
  });
});
