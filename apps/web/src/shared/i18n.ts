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

/** sessionStorage: a language the user picked while signed out (the login page's menu), until the sign-in. */
const GUEST_CHOICE_KEY = "planum.guest-language";

/** Remembers that the user chose this language on a guest page (login, registration…). */
export function rememberGuestChoice(language: Language): void {
  writeStorage("session", GUEST_CHOICE_KEY, language);
}

/** The guest page's choice, if any, forgotten as it is read (one sign-in uses it). */
export function takeGuestChoice(): Language | null {
  const choice = toLanguage(readStorage("session", GUEST_CHOICE_KEY));
  writeStorage("session", GUEST_CHOICE_KEY, null);
  return choice;
}

/**
 * The language after a sign-in: one the user explicitly chose on the login page wins over the profile's, and is
 * saved to the profile when it differs; otherwise the profile's (when it has one) replaces the browser's guess.
 */
export function languageAfterSignIn(
  profile: Language | null,
  guestChoice: Language | null,
): { language: Language | null; saveToProfile: boolean } {
  if (guestChoice) return { language: guestChoice, saveToProfile: guestChoice !== profile };
  return { language: profile, saveToProfile: false };
}

/** Switches the interface language and remembers the choice in this browser. */
export function chooseLanguage(language: Language): void {
  writeStorage("local", LANGUAGE_KEY, language);
  if (language !== currentLanguage()) void i18n.changeLanguage(language);
}

export { i18n };
