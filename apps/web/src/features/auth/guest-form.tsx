import { Button, Group, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The form of a guest page's card: its fields one under another and the full-width submit (with Back beside it). */
export function GuestForm({
  onSubmit,
  submitLabel,
  submitting,
  onBack,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitting: boolean;
  /** Shows a Back button before the submit, which takes the rest of the width. */
  onBack?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  const submit = (
    <Button type="submit" loading={submitting} fullWidth={!onBack} style={onBack ? { flex: 1 } : undefined}>
      {submitLabel}
    </Button>
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        {onBack ? (
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={onBack}>
              {t("actions.back")}
            </Button>
            {submit}
          </Group>
        ) : (
          submit
        )}
      </Stack>
    </form>
  );
}
