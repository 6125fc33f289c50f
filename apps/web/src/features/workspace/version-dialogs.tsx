import { Button, Group, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { hasProhibitedCharacters, parseUserDate, type Version } from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "../../shared/i18n";
import { askInModal } from "../../ui/ask-in-modal";
import { askText } from "../../ui/ask-text";

export interface VersionForm {
  label: string;
  kind: Version["kind"];
  /** "YYYY-MM-DDTHH:mm", absent when the field was left empty (the server then takes today). */
  projectStart?: string;
}

const LABEL_MAX = 64;

function labelError(label: string): string | null {
  if (label.trim() === "") return i18n.t("workspace:versions.errors.labelRequired");
  if (label.length > LABEL_MAX) return i18n.t("workspace:versions.errors.labelTooLong", { max: LABEL_MAX });
  if (hasProhibitedCharacters(label)) return i18n.t("workspace:versions.errors.prohibited");
  return null;
}

/** Asks for a new version's label, kind and project start; resolves null when cancelled. */
export function askNewVersion(options: {
  title: string;
  label: string;
  kind: Version["kind"];
  withStart: boolean;
}): Promise<VersionForm | null> {
  return askInModal<VersionForm | null>({
    title: options.title,
    dismissed: null,
    body: (done) => <NewVersionForm {...options} onDone={done} />,
  });
}

function NewVersionForm(props: {
  label: string;
  kind: Version["kind"];
  withStart: boolean;
  onDone(value: VersionForm | null): void;
}) {
  const { t } = useTranslation("workspace");
  const [label, setLabel] = useState(props.label);
  const [kind, setKind] = useState<Version["kind"]>(props.kind);
  const [start, setStart] = useState("");
  const [touched, setTouched] = useState(false);
  const parsedStart = start.trim() === "" ? null : parseUserDate(start.trim());
  const startError = start.trim() !== "" && parsedStart === null ? t("versions.errors.date") : null;
  const error = labelError(label);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (error || startError) return;
        props.onDone({
          label: label.trim(),
          kind,
          projectStart: parsedStart ? (parsedStart.length === 10 ? `${parsedStart}T08:00` : parsedStart) : undefined,
        });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t("versions.label")}
          value={label}
          data-autofocus
          error={touched ? error : null}
          onChange={(event) => setLabel(event.currentTarget.value)}
        />
        <SegmentedControl
          aria-label={t("versions.kind")}
          value={kind}
          onChange={(value) => setKind(value as Version["kind"])}
          data={[
            { value: "version", label: t("versions.kinds.version") },
            { value: "target", label: t("versions.kinds.target") },
          ]}
        />
        {props.withStart && (
          <TextInput
            label={t("versions.projectStart")}
            description={t("versions.projectStartHint")}
            placeholder={t("common:date.placeholder")}
            value={start}
            error={startError}
            onChange={(event) => setStart(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => props.onDone(null)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit">{t("versions.createButton")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for a new label of a version; resolves null when cancelled. */
export function askLabel(current: string): Promise<string | null> {
  return askText({
    title: i18n.t("workspace:versions.changeLabel"),
    label: i18n.t("workspace:versions.label"),
    current,
    validate: labelError,
    checkWhileTyping: true,
  });
}
