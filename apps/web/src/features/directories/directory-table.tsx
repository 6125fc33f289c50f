import { ActionIcon, Box, Center, Group, Loader, Select, Text, TextInput, Tooltip } from "@mantine/core";
import {
  type AttributeValue,
  type Directory,
  type DirectoryColumn,
  type DirectoryFilter,
  type DirectoryRow,
  toLanguage,
} from "@planum/contracts";
import { IconChevronRight, IconPlus, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifyErrors } from "../../ui/notify";
import { editText, formatValue, readInput } from "../structure";
import { directoriesApi, directoryKeys, ROWS_PAGE } from "./directories-api";
import { askRow } from "./directory-dialogs";

const ROW_HEIGHT = 36;
const CODE_WIDTH = 150;
const NAME_WIDTH = 240;
const VALUE_WIDTH = 150;
const ACTIONS_WIDTH = 72;
const INDENT = 16;

/** Which cell is being edited: code, name or a column id of one row. */
type Editing = { rowId: string; field: string } | null;

interface Props {
  spaceId: string;
  directory: Directory;
  search: string;
  filter: DirectoryFilter;
}

/**
 * A directory's rows as a virtualised table: only the rows on screen are in the DOM, and only their pages (200
 * rows each) are asked for, so a 100,000-row directory opens with one page. A click on a cell edits it in place
 * (Enter or leaving saves, Escape cancels); values are read with the attribute rules of the user's language.
 */
export function DirectoryTable({ spaceId, directory, search, filter }: Props) {
  const { t, i18n } = useTranslation("directories");
  const language = toLanguage(i18n.language) ?? "ru";
  const queryClient = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const writable = directory.access === "write";
  const key = [...directoryKeys.rows(spaceId, directory.id), search, JSON.stringify(filter)];
  const [visible, setVisible] = useState({ first: 0, last: 40 });
  const pageIndexes = [0];
  for (let p = Math.floor(visible.first / ROWS_PAGE); p <= Math.floor(visible.last / ROWS_PAGE); p++)
    if (p > 0) pageIndexes.push(p);
  const pages = useQueries({
    queries: pageIndexes.map((page) => ({
      queryKey: [...key, page],
      queryFn: () => directoriesApi.rows(directory, { offset: page * ROWS_PAGE, limit: ROWS_PAGE, search, filter }),
      placeholderData: keepPreviousData,
    })),
  });
  const total = pages[0].data?.total ?? 0;
  const rowAt = (index: number): DirectoryRow | undefined => {
    const page = pages[pageIndexes.indexOf(Math.floor(index / ROWS_PAGE))];
    const data = page?.data;
    return data && data.offset === Math.floor(index / ROWS_PAGE) * ROWS_PAGE
      ? data.rows[index - data.offset]
      : undefined;
  };

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    onChange: (instance) => {
      const items = instance.getVirtualItems();
      const first = items[0]?.index ?? 0;
      const last = items.at(-1)?.index ?? 0;
      setVisible((old) => (old.first === first && old.last === last ? old : { first, last }));
    },
  });

  const write = useMutation({
    mutationFn: (body: Parameters<typeof directoriesApi.updateAll>[1]) => directoriesApi.updateAll(directory, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) }),
  });

  const addChild = async (parent: DirectoryRow) => {
    const row = await askRow(t("addChildTitle", { code: parent.code }));
    if (row) write.mutate({ create: [{ ...row, parentId: parent.id }] });
  };
  const remove = async (row: DirectoryRow) => {
    const message = row.hasChildren
      ? t("confirmDeleteBranch", { code: row.code })
      : t("confirmDeleteRow", { code: row.code });
    const { confirmed } = await confirm({ message, danger: true });
    if (confirmed) write.mutate({ delete: [row.id] });
  };

  const width = CODE_WIDTH + NAME_WIDTH + directory.columns.length * VALUE_WIDTH + (writable ? ACTIONS_WIDTH : 0);
  if (pages[0].isPending)
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );

  return (
    <Box
      ref={scrollRef}
      style={{ overflow: "auto", height: "min(70vh, 640px)", border: "1px solid var(--mantine-color-default-border)" }}
      role="grid"
      aria-label={directory.name}
      aria-rowcount={total + 1}
    >
      <Box style={{ width, minWidth: "100%" }}>
        <Group
          gap={0}
          wrap="nowrap"
          role="row"
          style={{
            position: "sticky",
            top: 0,
            zIndex: 2,
            height: ROW_HEIGHT,
            background: "var(--mantine-color-body)",
            borderBottom: "1px solid var(--mantine-color-default-border)",
          }}
        >
          <HeaderCell width={CODE_WIDTH}>{t("fields.code")}</HeaderCell>
          <HeaderCell width={NAME_WIDTH}>{t("fields.name")}</HeaderCell>
          {directory.columns.map((column) => (
            <HeaderCell key={column.id} width={VALUE_WIDTH}>
              {column.name}
            </HeaderCell>
          ))}
          {writable ? <HeaderCell width={ACTIONS_WIDTH}>{""}</HeaderCell> : null}
        </Group>
        {total === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {search || filter.conditions.length ? t("nothingFound") : t("noRows")}
          </Text>
        ) : (
          <Box style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rowAt(item.index);
              return (
                <Group
                  key={item.key}
                  gap={0}
                  wrap="nowrap"
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-code={row?.code}
                  style={{
                    position: "absolute",
                    top: 0,
                    left: 0,
                    width: "100%",
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    borderBottom: "1px solid var(--mantine-color-default-border)",
                  }}
                >
                  {row ? (
                    <>
                      <Cell
                        width={CODE_WIDTH}
                        label={t("fields.code")}
                        indent={row.depth * INDENT}
                        text={row.code}
                        bold
                        branch={row.hasChildren}
                        editing={editing?.rowId === row.id && editing.field === "code"}
                        onEdit={writable ? () => setEditing({ rowId: row.id, field: "code" }) : undefined}
                        onDone={(text) => {
                          setEditing(null);
                          if (text !== null && text !== row.code)
                            write.mutate({ update: [{ id: row.id, code: text }] });
                        }}
                      />
                      <Cell
                        width={NAME_WIDTH}
                        label={t("fields.name")}
                        text={row.name}
                        editing={editing?.rowId === row.id && editing.field === "name"}
                        onEdit={writable ? () => setEditing({ rowId: row.id, field: "name" }) : undefined}
                        onDone={(text) => {
                          setEditing(null);
                          if (text !== null && text !== row.name)
                            write.mutate({ update: [{ id: row.id, name: text }] });
                        }}
                      />
                      {directory.columns.map((column) => (
                        <ValueCell
                          key={column.id}
                          column={column}
                          value={row.values[column.id] ?? null}
                          language={language}
                          editing={editing?.rowId === row.id && editing.field === column.id}
                          onEdit={writable ? () => setEditing({ rowId: row.id, field: column.id }) : undefined}
                          onDone={(value) => {
                            setEditing(null);
                            if (value !== undefined && value !== (row.values[column.id] ?? null))
                              write.mutate({ update: [{ id: row.id, values: { [column.id]: value } }] });
                          }}
                        />
                      ))}
                      {writable ? (
                        <Group gap={2} wrap="nowrap" w={ACTIONS_WIDTH} px={4} style={{ flex: "none" }}>
                          <Tooltip label={t("addChild")}>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={t("addChild")}
                              onClick={() => addChild(row)}
                            >
                              <IconPlus size={14} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t("deleteRow")}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="sm"
                              aria-label={t("deleteRow")}
                              onClick={() => remove(row)}
                            >
                              <IconTrash size={14} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      ) : null}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed" px="xs">
                      …
                    </Text>
                  )}
                </Group>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
}

function HeaderCell({ width, children }: { width: number; children: string }) {
  return (
    <Text role="columnheader" size="sm" fw={600} truncate title={children} px="xs" style={{ width, flex: "none" }}>
      {children}
    </Text>
  );
}

/** A code or name: text, or an input while edited. */
function Cell(props: {
  width: number;
  label: string;
  text: string;
  indent?: number;
  bold?: boolean;
  branch?: boolean;
  editing: boolean;
  onEdit?: () => void;
  onDone: (text: string | null) => void;
}) {
  if (props.editing)
    return <EditInput width={props.width} label={props.label} initial={props.text} onDone={props.onDone} />;
  return (
    <Group
      role="gridcell"
      gap={2}
      wrap="nowrap"
      px="xs"
      pl={8 + (props.indent ?? 0)}
      style={{ width: props.width, flex: "none", cursor: props.onEdit ? "text" : undefined, height: "100%" }}
      onClick={props.onEdit}
    >
      {props.branch ? <IconChevronRight size={12} style={{ flex: "none" }} aria-hidden /> : null}
      <Text size="sm" fw={props.bold ? 600 : undefined} truncate title={props.text}>
        {props.text}
      </Text>
    </Group>
  );
}

function EditInput(props: { width: number; label: string; initial: string; onDone: (text: string | null) => void }) {
  const [text, setText] = useState(props.initial);
  const [done, setDone] = useState(false);
  const finish = (value: string | null) => {
    if (done) return;
    setDone(true);
    props.onDone(value);
  };
  return (
    <Box px={2} style={{ width: props.width, flex: "none" }}>
      <TextInput
        size="xs"
        aria-label={props.label}
        value={text}
        autoFocus
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => finish(text.trim())}
        onKeyDown={(event) => {
          if (event.key === "Enter") finish(text.trim());
          if (event.key === "Escape") finish(null);
        }}
      />
    </Box>
  );
}

/** A typed value: formatted text, or while edited an input (a choice for lists and yes/no). */
function ValueCell(props: {
  column: DirectoryColumn;
  value: AttributeValue;
  language: "ru" | "en" | "fr";
  editing: boolean;
  onEdit?: () => void;
  /** undefined: nothing to save (cancelled or refused). */
  onDone: (value: AttributeValue | undefined) => void;
}) {
  const { t } = useTranslation("directories");
  const { column, value, language } = props;
  if (props.editing && (column.type === "list" || column.type === "boolean")) {
    const data =
      column.type === "list"
        ? column.listValues.map((v) => ({ value: v, label: v }))
        : [
            { value: "true", label: t("yes") },
            { value: "false", label: t("no") },
          ];
    return (
      <Box px={2} style={{ width: VALUE_WIDTH, flex: "none" }}>
        <Select
          size="xs"
          aria-label={column.name}
          data={data}
          defaultValue={value === null ? null : String(value)}
          defaultDropdownOpened
          clearable
          autoFocus
          comboboxProps={{ withinPortal: true }}
          onChange={(choice) =>
            props.onDone(choice === null ? null : column.type === "boolean" ? choice === "true" : choice)
          }
          onBlur={() => props.onDone(undefined)}
        />
      </Box>
    );
  }
  if (props.editing)
    return (
      <EditInput
        width={VALUE_WIDTH}
        label={column.name}
        initial={editText(column, value, language)}
        onDone={(text) => {
          if (text === null) return props.onDone(undefined);
          const read = readInput(column, text, language);
          if (!read.ok) {
            notifyErrors([{ code: "InvalidValue", message: `${column.name}: ${read.message}` }]);
            return props.onDone(undefined);
          }
          props.onDone(read.value);
        }}
      />
    );
  const shown =
    column.type === "boolean" && value !== null ? (value ? t("yes") : t("no")) : formatValue(column, value, language);
  return (
    <Text
      role="gridcell"
      size="sm"
      truncate
      title={shown}
      px="xs"
      ta={column.type === "number" || column.type === "money" || column.type === "percentage" ? "right" : undefined}
      style={{
        width: VALUE_WIDTH,
        flex: "none",
        cursor: props.onEdit ? "text" : undefined,
        lineHeight: `${ROW_HEIGHT}px`,
      }}
      onClick={props.onEdit}
    >
      {shown || "\u00a0"}
    </Text>
  );
}
