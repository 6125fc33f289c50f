import { describe, expect, it } from "vitest";
import { detectLanguage, languageAfterSignIn } from "./i18n";

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

describe("languageAfterSignIn", () => {
  it("keeps the language chosen on the login page and saves it to a profile that says otherwise", () => {
    expect(languageAfterSignIn("en", "fr")).toEqual({ language: "fr", saveToProfile: true });
    expect(languageAfterSignIn(null, "ru")).toEqual({ language: "ru", saveToProfile: true });
    expect(languageAfterSignIn("fr", "fr")).toEqual({ language: "fr", saveToProfile: false });
  });

  it("takes the profile's language when none was chosen, and keeps the browser's when the profile has none", () => {
    expect(languageAfterSignIn("en", null)).toEqual({ language: "en", saveToProfile: false });
    expect(languageAfterSignIn(null, null)).toEqual({ language: null, saveToProfile: false });
  });
});
