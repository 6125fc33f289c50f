import { describe, expect, it } from "vitest";
import { detectLanguage } from "./i18n";

describe("detectLanguage (spec §9)", () => {
  it("keeps the saved choice when the server allows it", () => {
    expect(detectLanguage(["ru", "en", "fr"], "fr", ["en-US"])).toBe("fr");
  });

  it("ignores a saved choice the server no longer offers", () => {
    expect(detectLanguage(["ru", "en"], "fr", ["en-GB", "ru"])).toBe("en");
  });

  it("matches the browser's languages by primary subtag, in the browser's order", () => {
    expect(detectLanguage(["ru", "en", "fr"], null, ["de-DE", "fr-CA", "en-US"])).toBe("fr");
  });

  it("falls back to the first allowed language", () => {
    expect(detectLanguage(["en", "ru"], null, ["de", "es"])).toBe("en");
    expect(detectLanguage(["ru", "en", "fr"], "xx", [])).toBe("ru");
  });
});
