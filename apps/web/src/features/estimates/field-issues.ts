import { type ApiError, toLanguage } from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { errorsOf } from "../../shared/api-error";
import { notifyError, notifyErrors } from "../../ui/notify";
import { issuesByField, issueText } from "../../ui/use-zod-form";

type Issues = ReturnType<typeof issuesByField>;

/**
 * Field errors of a reference form checked against its contracts schema before it is sent: each shown beside its
 * field in the page's language (the schema's messages are error codes), and the server's refusals that name a field
 * put beside it too; the others go to the error toast.
 */
export function useFieldIssues() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? "ru";
  const [issues, setIssues] = useState<Issues>({});
  return {
    /** The parsed body, or null with the issues shown. */
    check<Out>(schema: z.ZodType<Out>, body: unknown): Out | null {
      const result = schema.safeParse(body);
      setIssues(result.success ? {} : issuesByField(result.error));
      return result.success ? result.data : null;
    },
    /** A refusal of the server: errors naming a field of `fields` beside it, the rest as a toast. */
    refused(error: unknown, fields: readonly string[]) {
      const placed: Issues = {};
      const rest: ApiError[] = [];
      for (const e of errorsOf(error)) {
        const field = e.params?.field ?? e.params?.path;
        if (typeof field === "string" && fields.includes(field)) placed[field] = { code: e.code, params: e.params };
        else rest.push(e);
      }
      setIssues(placed);
      if (Object.keys(placed).length === 0) notifyError(error);
      else if (rest.length > 0) notifyErrors(rest);
    },
    error: (field: string) => (issues[field] ? issueText(issues[field], language) : undefined),
    clear: () => setIssues({}),
  };
}
