import { z } from "zod";

/** Longest text a name-like field accepts (spec §5 and §9). */
export const NAME_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;

/**
 * Characters a text field refuses (spec §5 "prohibited characters"): control characters, and the characters that
 * break markup, quoting, templates or shell-like parsing when names travel into HTML, CSV, XER and report files:
 * < > " ' ` { } | ^ ~ ; \
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
export const PROHIBITED_CHARACTERS = /[\u0000-\u001f\u007f<>"'`{}|^~;\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const PROHIBITED_CHARACTERS_LIST = "< > \" ' ` { } | ^ ~ ; \\";

export function hasProhibitedCharacters(text: string): boolean {
  return PROHIBITED_CHARACTERS.test(text);
}

interface TextOptions {
  max?: number;
  /** Free text (a secret answer, a comment) may hold any printable character; names may not. */
  allowAnyCharacter?: boolean;
}

/** A required, trimmed text field: error codes Required, MaxLength, ProhibitedCharacters. */
export function requiredText({ max = NAME_MAX_LENGTH, allowAnyCharacter = false }: TextOptions = {}) {
  return z
    .string({ error: "Required" })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: "custom", message: "Required" });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: "MaxLength", params: { max } });
      else if (!allowAnyCharacter && hasProhibitedCharacters(value))
        ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
      else if (allowAnyCharacter && CONTROL_CHARACTERS.test(value))
        ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
    });
}

/** The 32-character name of anything a user names (space, node, schedule…). */
export const nameField = requiredText();

const EMAIL_PATTERN = /^[^\s@<>"'`;\\]+@[^\s@<>"'`;\\]+\.[^\s@<>"'`;\\]{2,}$/;

export const emailField = z
  .string({ error: "Required" })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: "Required" });
    else if (value.length > EMAIL_MAX_LENGTH)
      ctx.addIssue({ code: "custom", message: "MaxLength", params: { max: EMAIL_MAX_LENGTH } });
    else if (!EMAIL_PATTERN.test(value)) ctx.addIssue({ code: "custom", message: "InvalidEmail" });
  });

export const passwordField = z.string({ error: "Required" }).superRefine((value, ctx) => {
  if (value.length === 0) ctx.addIssue({ code: "custom", message: "Required" });
  else if (value.length < PASSWORD_MIN_LENGTH)
    ctx.addIssue({ code: "custom", message: "PasswordTooShort", params: { min: PASSWORD_MIN_LENGTH } });
  else if (value.length > 128) ctx.addIssue({ code: "custom", message: "MaxLength", params: { max: 128 } });
});

/**
 * Numeric input (spec §5): trimmed, a comma is read as the decimal point, empty is invalid, the result must be
 * finite. Returns null when the text is not a number.
 */
export function parseNumber(text: string | number | null | undefined): number | null {
  if (typeof text === "number") return Number.isFinite(text) ? text : null;
  if (text == null) return null;
  const normalized = text.trim().replace(",", ".");
  if (normalized === "" || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** True when the text is a whole number (integer fields refuse dots and commas). */
export function isIntegerText(text: string): boolean {
  return /^[-+]?\d+$/.test(text.trim());
}

export const numberField = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parseNumber(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "InvalidNumber" });
    return z.NEVER;
  }
  return parsed;
});
