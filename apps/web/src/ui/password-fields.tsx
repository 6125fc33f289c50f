import { PasswordInput, SimpleGrid } from "@mantine/core";
import type { ChangeEvent } from "react";

type PasswordFieldName = "password" | "passwordConfirm";

/** What PasswordFields needs of a `useZodForm` form whose schema has `password` and `passwordConfirm`. */
interface PasswordForm {
  inputProps(name: PasswordFieldName): {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
  };
}

/**
 * A new password and its repetition. The rules and their messages are the form's contracts schema (`passwordField`:
 * at least 8 characters; "Password mismatch" on the repetition), so every screen that sets a password says the same.
 */
export function PasswordFields({
  form,
  label,
  confirmLabel,
  sideBySide = false,
}: {
  form: PasswordForm;
  label: string;
  confirmLabel: string;
  /** Two columns from the `xs` breakpoint instead of one field under the other. */
  sideBySide?: boolean;
}) {
  const fields = (
    <>
      <PasswordInput label={label} autoComplete="new-password" withAsterisk {...form.inputProps("password")} />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        {...form.inputProps("passwordConfirm")}
      />
    </>
  );
  return sideBySide ? (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {fields}
    </SimpleGrid>
  ) : (
    fields
  );
}
