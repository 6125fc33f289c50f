import { type ApiError, errorMessage, isErrorCode, type Language, toLanguage } from "@planum/contracts";
import { type ChangeEvent, type FormEvent, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

/** A field's problem kept as a code, so the text follows a language switch. */
interface FieldIssue {
  code: string;
  params?: Record<string, string | number>;
}

type Values = Record<string, string | boolean>;

export function issueText(issue: FieldIssue, language: Language): string {
  return isErrorCode(issue.code) ? errorMessage(language, issue.code, issue.params) : issue.code;
}

/** The first issue of each top-level field of a failed zod parse; the message of our schemas is an error code. */
export function issuesByField(error: z.ZodError): Record<string, FieldIssue> {
  const result: Record<string, FieldIssue> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (result[field]) continue;
    const params = (issue as { params?: Record<string, string | number> }).params;
    result[field] = { code: issue.message, params };
  }
  return result;
}

/**
 * A small form state bound to a contracts zod schema: values, per-field errors in the current language, and the
 * server's field errors (params.field) when it refuses what the client accepted.
 */
export function useZodForm<V extends Values, Out>(schema: z.ZodType<Out>, initial: V) {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? "ru";
  const [values, setValues] = useState<V>(initial);
  const [issues, setIssues] = useState<Record<string, FieldIssue>>({});

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      if (!(name in current)) return current;
      const { [name as string]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const validate = useCallback(
    (extra?: Partial<Record<string, unknown>>): Out | null => {
      const result = schema.safeParse({ ...values, ...extra });
      if (result.success) {
        setIssues({});
        return result.data;
      }
      setIssues(issuesByField(result.error));
      return null;
    },
    [schema, values],
  );

  /** Puts the server's errors that name a field beside that field; returns the ones that name none. */
  const applyServerErrors = useCallback(
    (errors: readonly ApiError[]): ApiError[] => {
      const unplaced: ApiError[] = [];
      const placed: Record<string, FieldIssue> = {};
      for (const error of errors) {
        const field = error.params?.field ?? error.params?.path;
        if (typeof field === "string" && field in values) placed[field] = { code: error.code, params: error.params };
        else unplaced.push(error);
      }
      setIssues((current) => ({ ...current, ...placed }));
      return unplaced;
    },
    [values],
  );

  /** A form's onSubmit: validates (with `extra` merged in) and hands the parsed body on only when it is valid. */
  const handleSubmit =
    (onValid: (body: Out) => void, extra?: Partial<Record<string, unknown>>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const body = validate(extra);
      if (body) onValid(body);
    };

  const errorOf = (name: keyof V & string): string | undefined =>
    issues[name] ? issueText(issues[name], language) : undefined;

  const inputProps = (name: keyof V & string) => ({
    value: String(values[name] ?? ""),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value as V[typeof name]),
    error: errorOf(name),
  });

  const checkboxProps = (name: keyof V & string) => ({
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.checked as V[typeof name]),
    error: errorOf(name),
  });

  return {
    values,
    setValue,
    setValues,
    validate,
    handleSubmit,
    applyServerErrors,
    errorOf,
    inputProps,
    checkboxProps,
    reset: () => {
      setValues(initial);
      setIssues({});
    },
  };
}
