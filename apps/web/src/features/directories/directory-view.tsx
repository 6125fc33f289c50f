import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { DIRECTORY_FILTER_OPERATORS, type Directory, type DirectoryFilter, type EpsRow } from "@planum/contracts";
import { IconDots, IconFilter, IconPlus, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { askText } from "../../ui/ask-text";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { directoriesApi, directoryKeys } from "./directories-api";
import { askColumn, askRow, askTarget } from "./directory-dialogs";
import { DirectoryGraphDialog } from "./directory-graph";
import { DirectoryTable } from "./directory-table";
import { DirectoryUpload } from "./directory-upload";
import { LinkSettingsDialog } from "./link-settings-dialog";
import { RelationsDialog } from "./relations-dialog";

type Condition = DirectoryFilter["conditions"][number];
/** A condition as shown: with a key of its own, since conditions are added and removed in any order. */
type Shown = { key: number; condition: Condition };
/** Operators that need no value. */
const NO_VALUE = new Set(["exists", "not_exists"]);

interface Props {
  spaceId: string;
  directory: Directory;
  nodes: EpsRow[];
  onMoved: (directory: Directory) => void;
  onDeleted: () => void;
}

/** One directory: its definition's actions, search, the spec's filters, the invalid values and the table. */
export function DirectoryView({ spaceId, directory, nodes, onMoved, onDeleted }: Props) {
  const { t } = useTranslation("directories");
  const { t: ta } = useTranslation("attributes");
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 250);
  const [shown, setShown] = useState<Shown[]>([]);
  const [uploading, setUploading] = useState(false);
  const [linking, setLinking] = useState(false);
  const [relating, setRelating] = useState(false);
  const [graphing, setGraphing] = useState(false);
  const conditions = shown.map((s) => s.condition);
  const [draft, setDraft] = useState<{ field: string | null; operator: string; value: string }>({
    field: null,
    operator: "eq",
    value: "",
  });
  const invalid = useQuery({
    queryKey: directoryKeys.invalid(spaceId, directory.id),
    queryFn: () => directoriesApi.invalid(directory),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
  });

  const fields = [
    { value: "code", label: t("fields.code") },
    { value: "name", label: t("fields.name") },
    ...directory.columns.map((c) => ({ value: c.id, label: c.name })),
  ];
  const fieldLabel = (id: string) => fields.find((f) => f.value === id)?.label ?? id;

  const addRow = async () => {
    const row = await askRow(t("addRow"));
    if (row) act.mutate(() => directoriesApi.updateAll(directory, { create: [row] }));
  };
  const addColumn = async () => {
    const column = await askColumn(t("addColumn"));
    if (column) act.mutate(() => directoriesApi.addColumn(directory, column));
  };
  const rename = async () => {
    const name = await askText({
      title: t("rename"),
      label: t("fields.name"),
      current: directory.name,
      validate: (v) => (v.trim() ? null : t("nameRequired")),
      checkWhileTyping: true,
    });
    if (name) act.mutate(() => directoriesApi.rename(directory, name));
  };
  const move = async () => {
    const target = await askTarget(t("moveTitle"), nodes, null);
    if (target)
      act.mutate(async () => {
        const moved = await directoriesApi.moveTo(directory, target.nodeId);
        onMoved(moved);
      });
  };
  const copy = async () => {
    const target = await askTarget(t("copyTitle"), nodes, directory.name);
    if (target)
      act.mutate(async () => {
        const copied = await directoriesApi.copyTo(directory, target.nodeId, target.name);
        notifySuccess(t("copied"));
        onMoved(copied);
      });
  };
  const remove = async () => {
    const { confirmed } = await confirm({
      message: t("confirmDelete", { name: directory.name, count: directory.rowCount }),
      danger: true,
    });
    if (confirmed)
      act.mutate(async () => {
        await directoriesApi.remove(directory, directory.rowCount);
        notifySuccess(t("deleted"));
        onDeleted();
      });
  };
  const exportFile = () =>
    act.mutate(async () => {
      const file = await directoriesApi.export(directory);
      await downloadStoredFile(file.fileId, file.name);
    });
  const applyDraft = () => {
    if (!draft.field) return;
    setShown([
      ...shown,
      {
        key: (shown.at(-1)?.key ?? 0) + 1,
        condition: {
          field: draft.field,
          operator: draft.operator as Condition["operator"],
          ...(NO_VALUE.has(draft.operator) ? {} : { value: draft.value }),
        },
      },
    ]);
    setDraft({ ...draft, value: "" });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="xl" style={{ overflowWrap: "anywhere" }}>
            {directory.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t(`kinds.${directory.kind}`)}</Badge>
            <Text size="sm" c="dimmed">
              {t("rowsAt", { count: directory.rowCount, node: directory.nodeName })}
            </Text>
          </Group>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t("actions")}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {directory.access === "write" ? (
              <Menu.Item onClick={() => setUploading(true)}>{t("upload.open")}</Menu.Item>
            ) : null}
            <Menu.Item onClick={exportFile}>{t("export")}</Menu.Item>
            <Menu.Item onClick={() => setLinking(true)}>{t("links.settings.open")}</Menu.Item>
            <Menu.Item onClick={() => setRelating(true)}>{t("relations.open")}</Menu.Item>
            <Menu.Item onClick={() => setGraphing(true)}>{t("graph.open")}</Menu.Item>
            {directory.canAdmin ? (
              <>
                <Menu.Divider />
                <Menu.Item onClick={addColumn}>{t("addColumn")}</Menu.Item>
                <Menu.Item onClick={rename}>{t("rename")}</Menu.Item>
                <Menu.Item onClick={move}>{t("move")}</Menu.Item>
                <Menu.Item onClick={copy}>{t("copy")}</Menu.Item>
                <Menu.Item color="red" onClick={remove}>
                  {t("delete")}
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t("search")}
          aria-label={t("search")}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: "1 1 200px" }}
        />
        {directory.access === "write" ? (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={addRow}>
            {t("addRow")}
          </Button>
        ) : null}
      </Group>

      <Group gap="xs" wrap="wrap" align="flex-end">
        <Select
          aria-label={t("filter.field")}
          placeholder={t("filter.field")}
          data={fields}
          value={draft.field}
          onChange={(field) => setDraft({ ...draft, field })}
          w={170}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          aria-label={t("filter.operator")}
          data={DIRECTORY_FILTER_OPERATORS.map((op) => ({ value: op, label: t(`operators.${op}`) }))}
          value={draft.operator}
          onChange={(operator) => operator && setDraft({ ...draft, operator })}
          allowDeselect={false}
          w={190}
          comboboxProps={{ withinPortal: true }}
        />
        {NO_VALUE.has(draft.operator) ? null : (
          <TextInput
            aria-label={t("filter.value")}
            placeholder={t("filter.value")}
            value={draft.value}
            onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })}
            onKeyDown={(event) => event.key === "Enter" && applyDraft()}
            w={150}
          />
        )}
        <Button variant="default" leftSection={<IconFilter size={16} />} onClick={applyDraft} disabled={!draft.field}>
          {t("filter.apply")}
        </Button>
      </Group>
      {conditions.length ? (
        <Group gap={6}>
          {shown.map(({ key, condition: c }) => (
            <Badge
              key={key}
              variant="outline"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t("filter.remove")}
                  onClick={() => setShown(shown.filter((s) => s.key !== key))}
                />
              }
              style={{ textTransform: "none", maxWidth: "100%" }}
            >
              {`${fieldLabel(c.field)} ${t(`operators.${c.operator}`)} ${c.value ?? ""}`}
            </Badge>
          ))}
        </Group>
      ) : null}

      {invalid.data?.length ? (
        <Alert color="orange" title={t("invalid.title", { count: invalid.data.length })}>
          <Stack gap={2}>
            {invalid.data.slice(0, 5).map((v) => (
              <Text size="sm" key={`${v.rowId}-${v.columnId}`}>
                {t("invalid.item", { code: v.code, column: v.column, value: String(v.value) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {directory.columns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noColumns")}
        </Text>
      ) : (
        <Group gap={6}>
          {directory.columns.map((c) => (
            <Badge key={c.id} variant="light" color="gray" style={{ textTransform: "none" }}>
              {`${c.name} · ${ta(`types.${c.type}`)}`}
            </Badge>
          ))}
        </Group>
      )}
      <DirectoryUpload spaceId={spaceId} directory={directory} opened={uploading} onClose={() => setUploading(false)} />
      {linking ? (
        <LinkSettingsDialog spaceId={spaceId} directory={directory} onClose={() => setLinking(false)} />
      ) : null}
      {relating ? <RelationsDialog spaceId={spaceId} directory={directory} onClose={() => setRelating(false)} /> : null}
      {graphing ? (
        <DirectoryGraphDialog spaceId={spaceId} directory={directory} onClose={() => setGraphing(false)} />
      ) : null}
      <DirectoryTable spaceId={spaceId} directory={directory} search={search} filter={{ logic: "and", conditions }} />
    </Stack>
  );
}
