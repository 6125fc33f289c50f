import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { askInModal } from "./ask-in-modal";

export interface AskTextOptions {
  title: ReactNode;
  /** The field's label. */
  label: string;
  current: string;
  /** The error text for a value, or null when it may be saved. */
  validate(value: string): string | null;
  /**
   * true: the error shows while typing and Save stays disabled until the value is valid (editing an existing
   * value); false: the error shows only after Save is pressed (a new, still empty name).
   */
  checkWhileTyping: boolean;
}

/** Asks for one line of text in a modal; resolves the trimmed text, or null when cancelled. */
export function askText(options: AskTextOptions): Promise<string | null> {
  return askInModal<string | null>({
    title: options.title,
    dismissed: null,
    body: (done) => <TextForm options={options} onDone={done} />,
  });
}

function TextForm({ options, onDone }: { options: AskTextOptions; onDone(value: string | null): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(options.current);
  const [submitted, setSubmitted] = useState(false);
  const error = options.validate(value);
  const showError = options.checkWhileTyping || submitted;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!error) onDone(value.trim());
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={options.label}
          value={value}
          data-autofocus
          error={showError ? error : null}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={options.checkWhileTyping && error !== null}>
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
