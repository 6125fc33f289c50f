import { Textarea } from "@mantine/core";
import { NOTES_MAX_LENGTH, type WbsItem } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "./detail-fields";
import { Pane, type Save } from "./details-pane";

export function NotesTab({ item, disabled, save }: { item: WbsItem; disabled: boolean; save: Save }) {
  const { t } = useTranslation("workspace");
  const errorText = useErrorText();
  const [text, setText] = useState(item.notes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(item.notes), [item.notes]);
  const commit = async () => {
    if (text === item.notes) return;
    if (text.length > NOTES_MAX_LENGTH) {
      setError(errorText("MaxLength"));
      return;
    }
    const code = await save({ notes: text });
    setError(code ? errorText(code) : null);
  };
  return (
    <Pane>
      <Textarea
        size="xs"
        aria-label={t("details.tabs.notes")}
        placeholder={t("details.notesPlaceholder")}
        autosize
        minRows={3}
        maxRows={12}
        disabled={disabled}
        value={text}
        error={error}
        description={`${text.length} / ${NOTES_MAX_LENGTH}`}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => void commit()}
        data-testid="details-notes"
      />
    </Pane>
  );
}
