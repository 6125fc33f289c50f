import { changeForgottenPasswordBody, changePasswordBody, registerBody, resetPasswordBody } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { issuesByField, issueText } from "./use-zod-form";

/** Each screen that shows PasswordFields, with valid values for its other fields. */
const screens: [string, z.ZodType, Record<string, unknown>][] = [
  [
    "registration",
    registerBody,
    {
      lastName: "Tester",
      firstName: "Anna",
      email: "anna@example.com",
      login: "anna",
      secretQuestion: "Pet?",
      secretAnswer: "Rex",
      acceptPrivacyPolicy: true,
    },
  ],
  ["reset by e-mail link", resetPasswordBody, { token: "t" }],
  ["restore by secret question", changeForgottenPasswordBody, { login: "anna", secretAnswer: "Rex" }],
  ["profile", changePasswordBody, { oldPassword: "Old-pass-1" }],
];

const passwordIssues = (
  schema: z.ZodType,
  rest: Record<string, unknown>,
  password: string,
  passwordConfirm: string,
) => {
  const result = schema.safeParse({ ...rest, password, passwordConfirm });
  if (result.success) return {};
  const { password: first, passwordConfirm: second } = issuesByField(result.error);
  return { password: first && issueText(first, "en"), passwordConfirm: second && issueText(second, "en") };
};

describe("the password pair follows the same rules on every screen", () => {
  it.each(screens)("%s: at least 8 characters, then the repetition must match", (_name, schema, rest) => {
    expect(passwordIssues(schema, rest, "short", "short").password).toBe(
      "The password must be at least 8 characters long",
    );
    expect(passwordIssues(schema, rest, "Secret-pass-1", "Secret-pass-2")).toEqual({
      password: undefined,
      passwordConfirm: "Password mismatch",
    });
    expect(passwordIssues(schema, rest, "Secret-pass-1", "Secret-pass-1")).toEqual({});
  });
});
