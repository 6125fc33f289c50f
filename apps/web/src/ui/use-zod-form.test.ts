import { registerBody } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { issuesByField, issueText } from "./use-zod-form";

const valid = {
  lastName: "Tester",
  firstName: "Anna",
  email: "anna@example.com",
  login: "anna",
  password: "Secret-pass-1",
  passwordConfirm: "Secret-pass-1",
  secretQuestion: "Pet?",
  secretAnswer: "Rex",
  acceptPrivacyPolicy: true,
};

describe("form issues from the contracts' schemas", () => {
  it("gives each field its first problem as an error code", () => {
    const result = registerBody.safeParse({
      ...valid,
      lastName: "",
      email: "not-an-email",
      passwordConfirm: "other",
      acceptPrivacyPolicy: false,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const issues = issuesByField(result.error);
    expect(issues.lastName.code).toBe("Required");
    expect(issues.email.code).toBe("InvalidEmail");
    expect(issues.passwordConfirm.code).toBe("PasswordMismatch");
    expect(issues.acceptPrivacyPolicy.code).toBe("PrivacyPolicyNotAccepted");
    expect(issues.login).toBeUndefined();
  });

  it("reads the code in the current language, with its parameters", () => {
    const result = registerBody.safeParse({ ...valid, firstName: "x".repeat(40) });
    if (result.success) throw new Error("a 40-character name must be refused");
    const issue = issuesByField(result.error).firstName;
    expect(issueText(issue, "en")).toBe("The field exceeds the maximum line length - 32 characters");
    expect(issueText(issue, "ru")).toBe("Поле превышает максимальную длину строки - 32 символа");
  });
});
