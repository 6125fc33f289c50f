import { Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { errorMessage, parseUserDate, toLanguage } from "@planum/contracts";
import { formatDateTime } from "@planum/engine";
import { IconCalendarDue } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "../../../shared/i18n";
import { askInModal } from "../../../ui/ask-in-modal";
import { showDateTime } from "../relation-format";

export interface DataDateChoice {
  /** "YYYY-MM-DDTHH:mm" */
  dataDate: string;
  /** Record progress as planned up to the new data date (P6 Update Progress). */
  progress: boolean;
}

/** Minutes of the engine's scale → "YYYY-MM-DDTHH:mm"; null for none (-1). */
export function dataDateText(minutes: number): string | null {
  return minutes < 0 ? null : formatDateTime(minutes);
}

/** Asks for a new data date (prefilled, e.g. where the line was dropped) and whether to update progress. */
export function askDataDate(current: string | null, proposed: string | null): Promise<DataDateChoice | null> {
  return askInModal<DataDateChoice | null>({
    title: i18n.t("workspace:details.dataDate.title"),
    dismissed: null,
    body: (done) => <DataDateForm current={current} proposed={proposed} onDone={done} />,
  });
}

function DataDateForm(props: {
  current: string | null;
  proposed: string | null;
  onDone(v: DataDateChoice | null): void;
}) {
  const { t, i18n: i18nInstance } = useTranslation("workspace");
  const [text, setText] = useState(showDateTime(props.proposed ?? props.current));
  const [progress, setProgress] = useState(true);
  const [touched, setTouched] = useState(false);
  const parsed = parseUserDate(text.trim());
  const value = parsed === null ? null : parsed.length === 10 ? `${parsed}T08:00` : parsed;
  const error = value === null ? errorMessage(toLanguage(i18nInstance.language) ?? "ru", "InvalidDate") : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (value) props.onDone({ dataDate: value, progress });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t("details.dataDate.current", {
            date: props.current ? showDateTime(props.current) : t("details.dataDate.none"),
          })}
        </Text>
        <TextInput
          label={t("details.dataDate.label")}
          placeholder={t("details.datePlaceholder")}
          value={text}
          data-autofocus
          error={touched || text !== "" ? error : null}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="data-date-input"
        />
        <Checkbox
          label={t("details.dataDate.progress")}
          description={t("details.dataDate.progressHint")}
          checked={progress}
          onChange={(e) => setProgress(e.currentTarget.checked)}
          data-testid="data-date-progress"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => props.onDone(null)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" data-testid="data-date-apply">
            {t("details.dataDate.apply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The version's data date as a button opening the dialog. */
export function DataDateButton(props: { dataDate: number; readOnly: boolean; onOpen(): void }) {
  const { t } = useTranslation("workspace");
  const text = dataDateText(props.dataDate);
  const date = text ? showDateTime(text) : t("details.dataDate.none");
  const full = t("details.dataDate.short", { date });
  // on a narrow screen the date alone leaves the dock's tabs their room; the whole phrase stays its name
  const wide = useMediaQuery("(min-width: 48em)", true) ?? true;
  return (
    <Tooltip label={t("details.dataDate.hint")}>
      <Button
        aria-label={wide ? undefined : full}
        size="compact-sm"
        variant="light"
        color="violet"
        leftSection={<IconCalendarDue size={14} />}
        disabled={props.readOnly}
        onClick={props.onOpen}
        style={{ flex: "none" }}
        data-testid="data-date-button"
      >
        {wide ? full : date}
      </Button>
    </Tooltip>
  );
}
