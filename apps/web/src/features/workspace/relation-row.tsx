import { ActionIcon, Select, TextInput } from "@mantine/core";
import type { LinkType, RelationRow } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { daysToMinutes, LINK_TYPE_CODES, linkTypeLabel, minutesToDays } from "./relation-format";
import { workspaceApi } from "./workspace-api";

/** Sends a change with the page's ledger and error handling (answers null when it failed). */
export type SendChange = (request: () => Promise<unknown>, action: string | null) => Promise<unknown>;

/**
 * The edits of one relation row, the same in the relations tab and in the details' predecessors / successors: type
 * and lag changed in place (with the row's revision, so a stale edit is refused), delete after a confirmation.
 */
export function useRelationEdits(send: SendChange) {
  const { t } = useTranslation("workspace");
  return {
    update: (row: RelationRow, body: { type?: LinkType; lag?: number }) =>
      send(
        () => workspaceApi.updateRelation(row.versionId, row.id, { revision: row.revision, ...body }),
        "relation_update",
      ),
    remove: async (row: RelationRow) => {
      const answer = await confirm({
        message: t("relations.deleteConfirm", { code: row.code ?? "" }),
        danger: true,
        confirmLabel: t("relations.delete"),
      });
      if (answer.confirmed) await send(() => workspaceApi.deleteRelation(row.versionId, row.id, row.revision), null);
    },
  };
}

interface CellProps {
  row: RelationRow;
  disabled: boolean;
  edits: ReturnType<typeof useRelationEdits>;
}

/** The relation's type (FS, SS, FF, SF), changed in place. */
export function RelationTypeCell({ row, disabled, edits }: CellProps) {
  const { t } = useTranslation("workspace");
  return (
    <Select
      size="xs"
      w={72}
      allowDeselect={false}
      aria-label={t("details.relationships.typeOf", { code: row.code ?? "" })}
      disabled={disabled}
      value={row.type}
      data={LINK_TYPE_CODES.map((code) => ({ value: code, label: linkTypeLabel(code) }))}
      onChange={(v) => v && v !== row.type && void edits.update(row, { type: v as LinkType })}
    />
  );
}

/** The lag in days of the relation's lag calendar; committed on Enter or when focus leaves, Escape restores. */
export function RelationLagCell({ row, disabled, edits }: CellProps) {
  const { t, i18n } = useTranslation("workspace");
  const perDay = row.lagMinutesPerDay ?? row.minutesPerDay;
  const shown = minutesToDays(row.lag, i18n.language, perDay);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const lag = daysToMinutes(text, perDay);
  const commit = () => {
    if (text === shown || lag === null) return;
    void edits.update(row, { lag });
  };
  return (
    <TextInput
      size="xs"
      w={72}
      aria-label={t("details.relationships.lagOf", { code: row.code ?? "" })}
      value={text}
      disabled={disabled}
      error={lag === null ? t("relations.lagInvalid") : undefined}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
        if (e.key === "Escape") setText(shown);
      }}
    />
  );
}

/** Deletes the relation after asking; absent for a reader. */
export function RelationDeleteButton({ row, disabled, edits }: CellProps) {
  const { t } = useTranslation("workspace");
  if (disabled) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="sm"
      aria-label={t("relations.deleteOne", { code: row.code ?? "" })}
      onClick={() => void edits.remove(row)}
    >
      <IconTrash size={14} />
    </ActionIcon>
  );
}
