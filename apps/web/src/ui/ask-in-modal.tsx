import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { i18n } from "../shared/i18n";

/**
 * A modal as a promise: `body` gets `done(value)` to answer with; closing the modal (Esc, ×, outside click) answers
 * `dismissed`. Only the first answer counts, so a close after `done` changes nothing.
 */
export function askInModal<T>(options: {
  title: ReactNode;
  dismissed: T;
  body(done: (value: T) => void): ReactNode;
  withCloseButton?: boolean;
}): Promise<T> {
  return new Promise((resolve) => {
    let settled = false;
    let modalId = "";
    const done = (value: T) => {
      if (settled) return;
      settled = true;
      modals.close(modalId);
      resolve(value);
    };
    modalId = modals.open({
      title: options.title,
      withCloseButton: options.withCloseButton ?? true,
      closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
      centered: true,
      onClose: () => done(options.dismissed),
      children: options.body(done),
    });
  });
}
