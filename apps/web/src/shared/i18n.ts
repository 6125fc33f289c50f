import { BASE_LANGUAGE, LANGUAGES, type Language, toLanguage } from "@planum/contracts";
import dayjs from "dayjs";
import "dayjs/locale/ru";
import "dayjs/locale/fr";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { NAMESPACES, resources } from "../locales";
import { LANGUAGE_KEY, readStorage, writeStorage } from "./storage-keys";

let allowedLanguages: readonly Language[] = LANGUAGES;

/**
 * Spec §9: the saved choice, else the browser's preferred languages matched against the allowed ones, else the first
 * allowed language.
 */
export function detectLanguage(
  allowed: readonly Language[],
  saved: string | null,
  preferred: readonly string[],
): Language {
  const fromSaved = toLanguage(saved, allowed);
  if (fromSaved) return fromSaved;
  for (const tag of preferred) {
    const match = toLanguage(tag, allowed);
    if (match) return match;
  }
  return allowed[0] ?? BASE_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function applySideEffects(language: string) {
  dayjs.locale(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

i18n.on("languageChanged", applySideEffects);

void i18n.use(initReactI18next).init({
  resources,
  ns: NAMESPACES,
  defaultNS: "common",
  lng: detectLanguage(LANGUAGES, readStorage("local", LANGUAGE_KEY), browserLanguages()),
  fallbackLng: BASE_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applySideEffects(i18n.language);

/** The language of the interface now (primary subtag), as sent in X-Language. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? BASE_LANGUAGE;
}

export function getAllowedLanguages(): readonly Language[] {
  return allowedLanguages;
}

/** Called once the system state arrives: a language the server does not offer is replaced. */
export function setAllowedLanguages(languages: readonly Language[]): void {
  allowedLanguages = languages.length > 0 ? languages : LANGUAGES;
  const next = detectLanguage(allowedLanguages, readStorage("local", LANGUAGE_KEY), browserLanguages());
  if (next !== currentLanguage()) void i18n.changeLanguage(next);
}

/** Switches the interface language and remembers the choice in this browser. */
export function chooseLanguage(language: Language): void {
  writeStorage("local", LANGUAGE_KEY, language);
  if (language !== currentLanguage()) void i18n.changeLanguage(language);
}

export { i18n };
