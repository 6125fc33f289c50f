import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { Directory, DirectoryRelation, DirectoryRelationRow } from "@planum/contracts";
import { IconDownload, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { directoriesApi, directoryKeys, useDirectories } from "./directories-api";
import { relationKeys, relationsApi } from "./relations-api";

interface Props {
  spaceId: string;
  /** The source: its rows need quantities of the rows of each dependent directory. */
  directory: Directory;
  onClose(): void;
}

/**
 * Complex relations from a directory (issue 14): the dependent directories, and for the chosen one every pair of
 * rows with its coefficient (units of the dependent row per unit of a linked work's volume), edited in place, added
 * by picking two rows, exported to and imported from XLSX.
 */
export function RelationsDialog({ spaceId, directory, onClose }: Props) {
  const { t } = useTranslation("directories");
  const queryClient = useQueryClient();
  const all = useDirectories(spaceId);
  const relations = useQuery({
    queryKey: relationKeys.from(spaceId, directory.id),
    queryFn: () => relationsApi.from(directory.id),
  });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const list = relations.data ?? [];
  const chosen = list.find((r) => r.id === chosenId) ?? list[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
  const act = useMutation({ mutationFn: (run: () => Promise<unknown>) => run(), onSuccess: refresh });
  const candidates = (all.data ?? []).filter((d) => d.id !== directory.id && !list.some((r) => r.targetId === d.id));

  const create = () => {
    if (!targetId) return;
    act.mutate(async () => {
      const created = await relationsApi.create(directory.id, targetId);
      setChosenId(created.id);
      setTargetId(null);
    });
  };
  const remove = async (relation: DirectoryRelation) => {
    const { confirmed } = await confirm({
      message: t("relations.confirmDelete", { name: relation.name, count: relation.rowCount }),
      danger: true,
    });
    if (confirmed) act.mutate(() => relationsApi.remove(relation.id));
  };

  return (
    <Modal opened onClose={onClose} title={t("relations.title", { name: directory.name })} size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("relations.hint")}
        </Text>
        {list.length > 0 ? (
          <Select
            label={t("relations.dependent")}
            data={list.map((r) => ({ value: r.id, label: `${r.targetName} (${r.rowCount})` }))}
            value={chosen?.id ?? null}
            allowDeselect={false}
            onChange={setChosenId}
            comboboxProps={{ withinPortal: true }}
            data-testid="relation-pick"
          />
        ) : (
          <Text size="sm">{relations.isPending ? "…" : t("relations.none")}</Text>
        )}
        {directory.canAdmin ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              style={{ flex: "1 1 220px" }}
              label={t("relations.newTarget")}
              placeholder={t("relations.pickDirectory")}
              data={candidates.map((d) => ({ value: d.id, label: `${d.name} — ${d.nodeName}` }))}
              value={targetId}
              onChange={setTargetId}
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid="relation-target"
            />
            <Button leftSection={<IconPlus size={16} />} onClick={create} disabled={!targetId} loading={act.isPending}>
              {t("relations.create")}
            </Button>
          </Group>
        ) : null}
        {chosen ? (
          <RelationRows
            key={chosen.id}
            spaceId={spaceId}
            relation={chosen}
            directories={all.data ?? []}
            canAdmin={directory.canAdmin}
            onDelete={() => void remove(chosen)}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

function RelationRows(props: {
  spaceId: string;
  relation: DirectoryRelation;
  directories: Directory[];
  canAdmin: boolean;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation("directories");
  const { relation, spaceId } = props;
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: relationKeys.rows(spaceId, relation.id),
    queryFn: () => relationsApi.rows(relation.id),
  });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) }),
  });
  const source = props.directories.find((d) => d.id === relation.sourceId);
  const target = props.directories.find((d) => d.id === relation.targetId);
  const [pair, setPair] = useState<{ source: string | null; target: string | null; k: number | string }>({
    source: null,
    target: null,
    k: "",
  });
  const decimal = i18n.language === "en" ? "." : ",";
  const add = () => {
    if (!pair.source || !pair.target || typeof pair.k !== "number") return;
    const body = { rows: [{ sourceRowId: pair.source, targetRowId: pair.target, coefficient: pair.k }] };
    act.mutate(async () => {
      await relationsApi.assign(relation.id, body);
      setPair({ source: pair.source, target: null, k: "" });
    });
  };
  const change = (row: DirectoryRelationRow, value: number | string) => {
    if (typeof value === "number" && value !== row.coefficient && value >= 0)
      act.mutate(() => relationsApi.update(relation.id, { rows: [{ id: row.id, coefficient: value }] }));
  };
  const exportFile = () =>
    act.mutate(async () => {
      const file = await relationsApi.export(relation);
      await downloadStoredFile(file.fileId, file.name);
    });
  const importFile = (file: File | null) => {
    if (file)
      act.mutate(async () => {
        const result = await relationsApi.import(relation, file);
        notifySuccess(t("relations.imported", { count: result.rows }));
      });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={exportFile}>
          {t("relations.export")}
        </Button>
        {relation.canEdit ? (
          <FileButton onChange={importFile} accept=".xlsx,.csv">
            {(button) => (
              <Button {...button} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                {t("relations.import")}
              </Button>
            )}
          </FileButton>
        ) : null}
        {props.canAdmin ? (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={props.onDelete}>
            {t("relations.delete")}
          </Button>
        ) : null}
      </Group>
      {relation.canEdit && source && target ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <RowPicker
            directory={source}
            label={t("relations.sourceRow")}
            value={pair.source}
            onChange={(v) => setPair({ ...pair, source: v })}
          />
          <RowPicker
            directory={target}
            label={t("relations.targetRow")}
            value={pair.target}
            onChange={(v) => setPair({ ...pair, target: v })}
          />
          <NumberInput
            w={120}
            label={t("relations.coefficient")}
            min={0}
            decimalSeparator={decimal}
            value={pair.k}
            onChange={(k) => setPair({ ...pair, k })}
            data-testid="relation-coefficient"
          />
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={add}
            disabled={!pair.source || !pair.target || typeof pair.k !== "number"}
          >
            {t("relations.addPair")}
          </Button>
        </Group>
      ) : null}
      <ScrollArea type="auto" mah={360}>
        <Table withTableBorder fz="sm" layout="fixed" aria-label={relation.name} data-testid="relation-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{relation.sourceName}</Table.Th>
              <Table.Th>{relation.targetName}</Table.Th>
              <Table.Th w={130}>{t("relations.coefficient")}</Table.Th>
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{`${r.sourceCode} — ${r.sourceName}`}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{`${r.targetCode} — ${r.targetName}`}</Table.Td>
                <Table.Td>
                  {relation.canEdit ? (
                    <NumberInput
                      size="xs"
                      min={0}
                      decimalSeparator={decimal}
                      defaultValue={r.coefficient}
                      aria-label={`${t("relations.coefficient")} ${r.sourceCode} → ${r.targetCode}`}
                      onBlur={(event) => change(r, parseNumber(event.currentTarget.value))}
                    />
                  ) : (
                    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(r.coefficient)
                  )}
                </Table.Td>
                <Table.Td>
                  {relation.canEdit ? (
                    <Tooltip label={t("relations.deletePair")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t("relations.deletePair")} ${r.sourceCode} → ${r.targetCode}`}
                        onClick={() => act.mutate(() => relationsApi.removeRows(relation.id, [r.id]))}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.data && rows.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("relations.noPairs")}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A row of a directory, found by typing part of its code or name (the directory's own search). */
function RowPicker(props: {
  directory: Directory;
  label: string;
  value: string | null;
  onChange(v: string | null): void;
}) {
  const { t } = useTranslation("directories");
  const [search, setSearch] = useState("");
  const [typed] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // the field shows the picked row's label once chosen: that is no search
  const term = picked && typed === picked.label ? "" : typed;
  const rows = useQuery({
    queryKey: ["directories", "relation-pick", props.directory.id, term],
    queryFn: () => directoriesApi.rows(props.directory, { offset: 0, limit: 50, search: term || undefined }),
  });
  const options = (rows.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.code} — ${r.name}` }));
  if (picked && props.value === picked.value && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  return (
    <Select
      style={{ flex: "1 1 180px", minWidth: 0 }}
      label={props.label}
      searchable
      data={options}
      filter={({ options: shown }) => shown}
      searchValue={search}
      onSearchChange={setSearch}
      value={props.value}
      onChange={(value, option) => {
        setPicked(value && option ? { value, label: option.label } : null);
        props.onChange(value);
      }}
      nothingFoundMessage={rows.isFetching ? t("links.searching") : t("nothingFound")}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What a coefficient field holds, read with either decimal mark. */
function parseNumber(text: string): number | string {
  const value = Number(text.replace(/\s/g, "").replace(",", "."));
  return text.trim() === "" || !Number.isFinite(value) ? text : value;
}
