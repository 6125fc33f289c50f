import { List, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ApiError } from "@planum/contracts";
import { errorMessage, isErrorCode } from "@planum/contracts";
import { ApiRequestError, errorsOf } from "../shared/api-error";
import { isNetworkFailure } from "../shared/connection";
import { currentLanguage, i18n } from "../shared/i18n";

/** Spec §9: errors stay 5 s; other toasts 1 s (quick confirmations) or 4 s. */
export const ERROR_TOAST_MS = 5000;
export const SHORT_TOAST_MS = 1000;
export const LONG_TOAST_MS = 4000;

/** The text of one error: the translated code text, plus the server's message when it says something more. */
export function describeError(error: ApiError): { title: string; detail: string | null } {
  const language = currentLanguage();
  const title = isErrorCode(error.code) ? errorMessage(language, error.code, error.params) : error.message;
  const detail = error.message && error.message !== title && error.message !== error.code ? error.message : null;
  return { title, detail };
}

const openErrorToasts = new Set<string>();
let errorToastCount = 0;

/** Hides the error toasts still on screen: an action that now succeeded (a sign-in) leaves no stale failure up. */
export function clearErrorToasts(): void {
  for (const id of openErrorToasts) notifications.hide(id);
  openErrorToasts.clear();
}

/** Red toast for 5 s listing every error of an answer; an empty list reads "unknown error" (spec §8). */
export function notifyErrors(errors: readonly ApiError[]): void {
  const list: ApiError[] = errors.length > 0 ? [...errors] : [{ code: "UnknownException", message: "" }];
  // identical lines (same code, same message) are shown once, which also makes each line's text a unique key
  const items = [...new Map(list.map(describeError).map((item) => [`${item.title}|${item.detail}`, item])).values()];
  const id = `error-${++errorToastCount}`;
  openErrorToasts.add(id);
  notifications.show({
    id,
    onClose: () => openErrorToasts.delete(id),
    color: "red",
    autoClose: ERROR_TOAST_MS,
    title: i18n.t("common:notifications.errorTitle"),
    message:
      items.length === 1 ? (
        <ErrorLine {...items[0]} />
      ) : (
        <List size="sm" spacing={2}>
          {items.map((item) => (
            <List.Item key={`${item.title}|${item.detail}`}>
              <ErrorLine {...item} />
            </List.Item>
          ))}
        </List>
      ),
  });
}

function ErrorLine({ title, detail }: { title: string; detail: string | null }) {
  return (
    <Text size="sm" component="span">
      <Text span fw={600} size="sm">
        {title}
      </Text>
      {detail ? ` — ${detail}` : null}
    </Text>
  );
}

export function notifyError(error: unknown): void {
  // a call that reached no server: the one connection message speaks for all of them (no storm of toasts)
  if ((error instanceof ApiRequestError && error.offline) || isNetworkFailure(error)) return;
  notifyErrors(errorsOf(error));
}

export function notifySuccess(message: string, options: { long?: boolean; title?: string } = {}): void {
  notifications.show({
    color: "teal",
    title: options.title,
    message,
    autoClose: options.long ? LONG_TOAST_MS : SHORT_TOAST_MS,
  });
}

export function notifyInfo(message: string, options: { title?: string; id?: string; loading?: boolean } = {}): string {
  return notifications.show({
    id: options.id,
    color: "blue",
    title: options.title,
    message,
    loading: options.loading,
    autoClose: options.loading ? false : LONG_TOAST_MS,
    withCloseButton: !options.loading,
  });
}

/** A warning the user should read (it stays as long as the long success toasts). */
export function notifyWarning(message: string, options: { title?: string } = {}): void {
  notifications.show({ color: "yellow", title: options.title, message, autoClose: LONG_TOAST_MS });
}

/** Updates a progress toast shown with notifyInfo({ loading: true }). */
export function updateProgress(
  id: string,
  message: string,
  state: "loading" | "done" | "failed",
  title?: string,
): void {
  notifications.update({
    id,
    title,
    message,
    color: state === "failed" ? "red" : state === "done" ? "teal" : "blue",
    loading: state === "loading",
    autoClose: state === "loading" ? false : state === "failed" ? ERROR_TOAST_MS : LONG_TOAST_MS,
    withCloseButton: state !== "loading",
  });
}
