/** Languages of the interface. Russian is the base language: a missing or unknown language falls back to it. */
export const LANGUAGES = ["ru", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const BASE_LANGUAGE: Language = "ru";

/** Reads a language from an `X-Language` header or a browser tag such as `fr-CA`: the primary subtag decides. */
export function toLanguage(tag: string | null | undefined, allowed: readonly Language[] = LANGUAGES): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (allowed as readonly string[]).includes(primary) ? (primary as Language) : null;
}
