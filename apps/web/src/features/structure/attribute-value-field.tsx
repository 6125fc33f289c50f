import { Select, Switch, TextInput } from "@mantine/core";
import { type AttributeValue, toLanguage } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { editText, formatValue, isNumericType, readInput, sameValue } from "./attribute-value";
import type { NodeAttribute } from "./structure-api";

interface Props {
  attribute: NodeAttribute;
  onSave: (value: AttributeValue) => Promise<unknown>;
}

/**
 * One attribute value of a node, edited by its type: numbers with a decimal comma, dates in the spec's formats,
 * switches, list choices and texts. A text value is saved when the field is left or Enter is pressed.
 */
export function AttributeValueField({ attribute, onSave }: Props) {
  const { t, i18n } = useTranslation("structure");
  const language = toLanguage(i18n.language) ?? "ru";
  const writable = attribute.access === "write" && !attribute.computed;
  const [text, setText] = useState(() => editText(attribute, attribute.value, language));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setText(editText(attribute, attribute.value, language));
    setError(null);
  }, [attribute, language]);

  const save = async (input: string | boolean | null) => {
    const read = readInput(attribute, input, language);
    if (!read.ok) return setError(read.message);
    setError(null);
    if (sameValue(read.value, attribute.value)) return setText(editText(attribute, read.value, language));
    setSaving(true);
    try {
      await onSave(read.value);
    } catch {
      setText(editText(attribute, attribute.value, language));
    } finally {
      setSaving(false);
    }
  };

  const label = attribute.name;
  if (attribute.type === "boolean")
    return (
      <Switch
        label={label}
        checked={attribute.value === true}
        disabled={!writable || saving}
        onChange={(event) => void save(event.currentTarget.checked)}
      />
    );
  if (attribute.type === "list" && writable)
    return (
      <Select
        label={label}
        data={attribute.listValues}
        value={typeof attribute.value === "string" ? attribute.value : null}
        clearable
        allowDeselect
        disabled={saving}
        placeholder={t("values.choose")}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => void save(value)}
      />
    );
  if (!writable)
    return (
      <TextInput
        label={label}
        readOnly
        variant="filled"
        value={
          attribute.type === "status" && typeof attribute.value === "string"
            ? t(`values.statuses.${attribute.value}`, { defaultValue: attribute.value })
            : formatValue(attribute, attribute.value, language)
        }
        placeholder={t("values.empty")}
        description={attribute.computed ? t("values.computed") : undefined}
      />
    );

  const suffix =
    attribute.type === "percentage" ? "%" : isNumericType(attribute.type) ? (attribute.settings.unit ?? "") : "";
  return (
    <TextInput
      label={label}
      value={text}
      error={error}
      disabled={saving}
      inputMode={isNumericType(attribute.type) ? "decimal" : undefined}
      placeholder={attribute.type === "date" ? t("values.datePlaceholder") : undefined}
      rightSection={suffix ? <span style={{ fontSize: 12, opacity: 0.7 }}>{suffix}</span> : undefined}
      rightSectionWidth={suffix ? Math.max(28, suffix.length * 9 + 12) : undefined}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setError(null);
      }}
      onBlur={() => void save(text)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          void save(text);
        }
        if (event.key === "Escape") {
          setText(editText(attribute, attribute.value, language));
          setError(null);
        }
      }}
    />
  );
}
