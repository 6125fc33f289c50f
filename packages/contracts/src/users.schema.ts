import { z } from "zod";
import { LANGUAGES } from "./languages.js";
import { emailField, NAME_MAX_LENGTH, nameField, passwordField, requiredText } from "./validation.js";

/** A login or an e-mail: letters, digits and . _ - @ only, so it is safe in URLs and mentions. */
export const loginField = requiredText({ max: NAME_MAX_LENGTH }).superRefine((value, ctx) => {
  if (value.length > 0 && !/^[\p{L}\p{N}._@-]+$/u.test(value))
    ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
});

const secretAnswerField = requiredText({ max: 64, allowAnyCharacter: true });
const secretQuestionField = requiredText({ max: 64, allowAnyCharacter: true });

function passwordsMatch(
  body: { password: string; passwordConfirm: string },
  ctx: { addIssue: (issue: { code: "custom"; message: string; path: string[] }) => void },
) {
  if (body.password !== body.passwordConfirm)
    ctx.addIssue({ code: "custom", message: "PasswordMismatch", path: ["passwordConfirm"] });
}

export const registerBody = z
  .object({
    lastName: nameField,
    firstName: nameField,
    email: emailField,
    login: loginField,
    password: passwordField,
    passwordConfirm: z.string({ error: "Required" }),
    secretQuestion: secretQuestionField,
    secretAnswer: secretAnswerField,
    acceptPrivacyPolicy: z.boolean({ error: "Required" }),
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((body, ctx) => {
    passwordsMatch(body, ctx);
    if (body.acceptPrivacyPolicy !== true)
      ctx.addIssue({ code: "custom", message: "PrivacyPolicyNotAccepted", path: ["acceptPrivacyPolicy"] });
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  login: requiredText({ max: 254, allowAnyCharacter: true }),
  password: z.string({ error: "Required" }).min(1, { error: "Required" }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userSchema = z.object({
  id: z.string(),
  login: z.string(),
  email: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  language: z.enum(LANGUAGES).nullable(),
  darkMode: z.boolean(),
  hasAvatar: z.boolean(),
  secretQuestion: z.string().nullable(),
  privacyPolicyAcceptedAt: z.string().nullable(),
  isSystemAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), expiresAt: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const updateUserBody = z.object({
  lastName: nameField.optional(),
  firstName: nameField.optional(),
  email: emailField.optional(),
  language: z.enum(LANGUAGES).nullable().optional(),
  darkMode: z.boolean().optional(),
  secretQuestion: secretQuestionField.optional(),
  secretAnswer: secretAnswerField.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z
  .object({ oldPassword: z.string({ error: "Required" }), password: passwordField, passwordConfirm: z.string() })
  .superRefine(passwordsMatch);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const resetPasswordRequestBody = z.object({ email: emailField });
export const resetPasswordBody = z
  .object({ token: z.string().min(1, { error: "Required" }), password: passwordField, passwordConfirm: z.string() })
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Restore by secret question: without `secretAnswer` and password the call answers the question to show. */
export const changeForgottenPasswordBody = z
  .object({
    login: requiredText({ max: 254, allowAnyCharacter: true }),
    secretAnswer: secretAnswerField,
    password: passwordField,
    passwordConfirm: z.string(),
  })
  .superRefine(passwordsMatch);
export type ChangeForgottenPasswordBody = z.infer<typeof changeForgottenPasswordBody>;

export const secretQuestionQuery = z.object({ login: requiredText({ max: 254, allowAnyCharacter: true }) });

/** Largest avatar accepted, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** A user id in the path; a malformed id is a user that does not exist. */
export const userIdParams = z.object({ id: z.uuid({ error: "NotFound" }) });

/** The secret question of an account, shown before the answer is asked for. */
export const secretQuestionSchema = z.object({ question: z.string() });
export type SecretQuestion = z.infer<typeof secretQuestionSchema>;

/** The language of `/localization/set/{id}`. */
export const languageParams = z.object({ id: z.enum(LANGUAGES, { error: "InvalidValue" }) });
