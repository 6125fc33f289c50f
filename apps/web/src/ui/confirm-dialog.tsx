import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { i18n } from "../shared/i18n";
import { askInModal } from "./ask-in-modal";

export interface ConfirmOptions {
  /** Default: the generic "confirm action" text. */
  title?: ReactNode;
  /** Plain text, or markup given as React elements. */
  message: ReactNode;
  /** Shows a checkbox with this label; its state is returned on confirm. */
  checkboxLabel?: ReactNode;
  checkboxDefault?: boolean;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Enter confirms only when this is on (spec §2). */
  enterToConfirm?: boolean;
  /** Paints the OK button red for destructive actions. */
  danger?: boolean;
  /** Hides the header's close button. */
  hideCloseButton?: boolean;
}

export interface ConfirmResult {
  confirmed: boolean;
  checked: boolean;
}

/** The shared confirmation dialog of spec §2, as a promise: `const { confirmed, checked } = await confirm({...})`. */
export function confirm(options: ConfirmOptions): Promise<ConfirmResult> {
  return askInModal<ConfirmResult>({
    title: options.title ?? i18n.t("common:confirm.title"),
    withCloseButton: !options.hideCloseButton,
    dismissed: { confirmed: false, checked: false },
    body: (done) => <ConfirmBody options={options} onFinish={done} />,
  });
}

function ConfirmBody({ options, onFinish }: { options: ConfirmOptions; onFinish: (result: ConfirmResult) => void }) {
  const [checked, setChecked] = useState(options.checkboxDefault ?? false);

  useEffect(() => {
    if (!options.enterToConfirm) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      onFinish({ confirmed: true, checked });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [options.enterToConfirm, checked, onFinish]);

  return (
    <Stack gap="md">
      {typeof options.message === "string" ? <Text size="sm">{options.message}</Text> : options.message}
      {options.checkboxLabel ? (
        <Checkbox
          label={options.checkboxLabel}
          checked={checked}
          onChange={(event) => setChecked(event.currentTarget.checked)}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" data-autofocus onClick={() => onFinish({ confirmed: false, checked })}>
          {options.cancelLabel ?? i18n.t("common:actions.cancel")}
        </Button>
        <Button color={options.danger ? "red" : undefined} onClick={() => onFinish({ confirmed: true, checked })}>
          {options.confirmLabel ?? i18n.t("common:actions.ok")}
        </Button>
      </Group>
    </Stack>
  );
}
