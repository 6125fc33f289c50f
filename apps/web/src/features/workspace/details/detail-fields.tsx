import { NumberInput, TextInput } from "@mantine/core";
import {
  type AttributeValue,
  type ErrorCode,
  errorMessage,
  formatUserDate,
  parseAttributeValue,
  parseUserDate,
  toLanguage,
} from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { daysToMinutes, minutesToDays } from "../relation-format";

/** A code of the contracts' error table shown in the current language. */
export function useErrorText() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? "ru";
  return (code: ErrorCode) => errorMessage(language, code);
}

interface CommitProps<T> {
  label: string;
  value: T;
  disabled?: boolean;
  /** Checks and sends the new value; answers an error code to show, or null when it was taken. */
  onCommit(value: T): ErrorCode | null | Promise<ErrorCode | null>;
  /** An error about this field found elsewhere (a check across fields). */
  error?: string | null;
  testId?: string;
}

/**
 * A text field that holds what the user types and commits it on Enter or when focus leaves, P6-style: no save
 * button; a value that does not parse stays in the field with the error under it.
 */
type Parsed<T> = { value: T } | { error: ErrorCode };

function useCommitText<T>(shown: string, parse: (text: string) => Parsed<T>, props: CommitProps<T>) {
  const errorText = useErrorText();
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(shown);
    setError(null);
  }, [shown]);
  const commit = async () => {
    if (text === shown) {
      setError(null);
      return;
    }
    const parsed = parse(text);
    if ("error" in parsed) {
      setError(errorText(parsed.error));
      return;
    }
    const refused = await props.onCommit(parsed.value);
    setError(refused ? errorText(refused) : null);
  };
  return {
    value: text,
    error: error ?? props.error ?? null,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setText(e.currentTarget.value),
    onBlur: () => void commit(),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === "Enter") void commit();
      if (e.key === "Escape") {
        setText(shown);
        setError(null);
      }
    },
  };
}

/** A date and time ("DD.MM.YYYY HH:mm"), empty = none. */
export function DateField(props: CommitProps<string | null> & { defaultTime?: string }) {
  const { t } = useTranslation("workspace");
  const shown = props.value ? formatUserDate(props.value, true) : "";
  const field = useCommitText<string | null>(
    shown,
    (text) => {
      if (text.trim() === "") return { value: null };
      const parsed = parseUserDate(text.trim());
      if (parsed === null) return { error: "InvalidDate" };
      return { value: parsed.length === 10 ? `${parsed}T${props.defaultTime ?? "08:00"}` : parsed };
    },
    props,
  );
  return (
    <TextInput
      size="xs"
      label={props.label}
      placeholder={t("details.datePlaceholder")}
      disabled={props.disabled}
      data-testid={props.testId}
      {...field}
    />
  );
}

/** Working minutes typed and shown as days. */
export function DaysField(props: CommitProps<number | null> & { nullable?: boolean; minutesPerDay: number }) {
  const { i18n } = useTranslation();
  const shown = minutesToDays(props.value, i18n.language, props.minutesPerDay);
  const field = useCommitText<number | null>(
    shown,
    (text) => {
      if (text.trim() === "" && props.nullable) return { value: null };
      const minutes = daysToMinutes(text, props.minutesPerDay);
      if (minutes === null) return { error: "InvalidNumber" };
      if (minutes < 0) return { error: "InvalidValue" };
      return { value: minutes };
    },
    props,
  );
  return <TextInput size="xs" label={props.label} disabled={props.disabled} data-testid={props.testId} {...field} />;
}

/** A line of text (code, name). */
export function TextField(props: CommitProps<string> & { validate?(text: string): ErrorCode | null }) {
  const field = useCommitText<string>(
    props.value,
    (text) => {
      const refused = props.validate?.(text);
      return refused ? { error: refused } : { value: text };
    },
    props,
  );
  return <TextInput size="xs" label={props.label} disabled={props.disabled} data-testid={props.testId} {...field} />;
}

/** Percent 0…100. */
export function PercentField(props: CommitProps<number>) {
  const errorText = useErrorText();
  const [value, setValue] = useState<number | string>(props.value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(props.value);
    setError(null);
  }, [props.value]);
  const commit = async () => {
    const n = typeof value === "number" ? value : Number(String(value).replace(",", "."));
    if (n === props.value) return;
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      setError(errorText("InvalidValue"));
      return;
    }
    const refused = await props.onCommit(n);
    setError(refused ? errorText(refused) : null);
  };
  return (
    <NumberInput
      size="xs"
      label={props.label}
      min={0}
      max={100}
      decimalScale={2}
      suffix=" %"
      disabled={props.disabled}
      value={value}
      error={error}
      data-testid={props.testId}
      onChange={setValue}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === "Enter") void commit();
      }}
    />
  );
}

/** A stored attribute value as the user reads it: numbers in the language's notation, dates as DD.MM.YYYY. */
export function attributeText(type: string, value: AttributeValue | undefined, language: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && (type === "number" || type === "money" || type === "percentage"))
    return new Intl.NumberFormat(language, { maximumFractionDigits: 6, useGrouping: false }).format(value);
  if (type === "date" && typeof value === "string") return formatUserDate(value);
  return String(value);
}

/** A typed attribute value (text, number, money, percentage, date): checked by the attribute's type on commit. */
export function AttributeField(props: CommitProps<AttributeValue> & { type: string }) {
  const { t, i18n } = useTranslation("workspace");
  const field = useCommitText<AttributeValue>(
    attributeText(props.type, props.value, i18n.language),
    (text) => {
      const parsed = parseAttributeValue(props.type, text.trim());
      return parsed.ok ? { value: parsed.value } : { error: parsed.code };
    },
    props,
  );
  return (
    <TextInput
      size="xs"
      label={props.label}
      placeholder={props.type === "date" ? t("details.datePlaceholder") : undefined}
      disabled={props.disabled}
      data-testid={props.testId}
      {...field}
    />
  );
}
