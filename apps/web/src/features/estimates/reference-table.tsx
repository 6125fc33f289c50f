import { Button, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One column of a reference list: its header and what a row shows in it; long text wraps anywhere. */
export interface ReferenceColumn<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  align?: "right";
  wrap?: boolean;
}

/**
 * The list shared by the estimates' reference data (measures, coefficients, compliance rules, PDC): a striped table
 * that scrolls sideways below `minWidth`, the columns given, and per row the actions the caller allows — "Edit"
 * (named by the row's code for screen readers) and "Remove". With no row, the `empty` sentence instead.
 */
export function ReferenceTable<T extends { id: string }>({
  rows,
  columns,
  empty,
  minWidth,
  onEdit,
  onRemove,
  codeOf,
}: {
  rows: T[];
  columns: ReferenceColumn<T>[];
  empty: string;
  minWidth: number;
  onEdit?: (row: T) => void;
  onRemove?: (row: T) => void;
  codeOf?: (row: T) => string;
}) {
  const { t } = useTranslation("estimates");
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  const actions = onEdit !== undefined || onRemove !== undefined;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
              <Table.Th key={i} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column, i) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
                  key={i}
                  ta={column.align}
                  style={column.wrap ? { overflowWrap: "anywhere" } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {onEdit && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onEdit(row)}
                      aria-label={t("refs.editOf", { code: codeOf?.(row) ?? "" })}
                    >
                      {t("refs.edit")}
                    </Button>
                  )}
                  {onRemove && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onRemove(row)}>
                      {t("remove")}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The reference form's buttons: "Add", or "Save" and "Cancel" while a row is being edited. */
export function ReferenceFormButtons({
  editing,
  pending,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  onSubmit(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation("estimates");
  return (
    <>
      <Button loading={pending} onClick={onSubmit}>
        {editing ? t("refs.save") : t("refs.add")}
      </Button>
      {editing && (
        <Button variant="default" onClick={onCancel}>
          {t("refs.cancel")}
        </Button>
      )}
    </>
  );
}
