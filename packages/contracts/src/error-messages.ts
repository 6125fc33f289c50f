import type { ErrorCode } from "./error-codes.js";
import { en } from "./error-messages/en.js";
import { fr } from "./error-messages/fr.js";
import { ru } from "./error-messages/ru.js";
import type { Language } from "./languages.js";

/**
 * The user-facing text of every error code in each language. Server and web both read this table, so an error
 * reads the same in a toast as in the API answer. `{{name}}` is replaced by the error's params. Each language keeps its
 * texts in its own file under error-messages/ (the type asks every code of each).
 */
export const ERROR_MESSAGES: Record<Language, Record<ErrorCode, string>> = { en, ru, fr };

export function errorMessage(language: Language, code: ErrorCode, params?: Record<string, string | number>): string {
  const template = ERROR_MESSAGES[language][code];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ""));
}
