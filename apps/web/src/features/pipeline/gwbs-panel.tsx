import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { formatUserDate, type Gwbs, type GwbsItem } from "@planum/contracts";
import { IconCalculator, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { gwbsApi, gwbsKeys, pipelineKeys, useGwbs } from "./pipeline-api";

/** Depth of each item in the tree (the answer lists parents before children). */
function depths(items: GwbsItem[]) {
  const depth = new Map<string, number>();
  for (const item of items) depth.set(item.id, item.parentId ? (depth.get(item.parentId) ?? 0) + 1 : 0);
  return depth;
}

/**
 * The project's general WBS (spec "gwbs"): codes shared by the project's schedules, each counted from the works
 * whose own or parents' WBS code is its code — dates, progress, works. Who may change the structure adds, edits and
 * deletes items, recounts, and switches the recount after each calculation ("calculate after").
 */
export function GwbsPanel({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation("pipeline");
  const queryClient = useQueryClient();
  const gwbs = useGwbs(projectId);
  const [editing, setEditing] = useState<GwbsItem | "new" | null>(null);
  const put = (next: Gwbs) => queryClient.setQueryData(gwbsKeys.gwbs(projectId), next);
  const calculate = useMutation({ mutationFn: () => gwbsApi.calculate(projectId), onSuccess: put });
  const calculateAfter = useMutation({
    mutationFn: (enabled: boolean) => gwbsApi.setCalculateAfter(projectId, enabled),
    // A read of the panel already under way (after an item was added, say) would answer with the old choice after
    // this one's answer and switch it back: it is cancelled.
    onMutate: () => queryClient.cancelQueries({ queryKey: gwbsKeys.gwbs(projectId) }),
    onSuccess: (next) => {
      put(next);
      queryClient.invalidateQueries({ queryKey: pipelineKeys.pipe(projectId) });
    },
  });
  if (!gwbs.data) return null;
  const data = gwbs.data;
  const depth = depths(data.items);
  const counted = data.calculatedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(
        new Date(data.calculatedAt),
      )
    : null;
  return (
    <Card withBorder padding="md" aria-label={t("gwbs.title")} component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 18, sm: 20 }}>
              {t("gwbs.title")}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("gwbs.hint", { count: data.schedules })}
            </Text>
          </div>
          {data.canWrite ? (
            <Group gap="xs" wrap="wrap">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
                {t("gwbs.add")}
              </Button>
              <Button
                variant="default"
                leftSection={<IconCalculator size={16} />}
                loading={calculate.isPending}
                onClick={() => calculate.mutate()}
              >
                {t("gwbs.calculate")}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Group gap="md" wrap="wrap">
          <Switch
            label={t("gwbs.calculateAfter")}
            // shows the choice at once (the answer confirms it; a refusal puts back what the server holds)
            checked={calculateAfter.isPending ? calculateAfter.variables : data.calculateAfter}
            disabled={!data.canWrite}
            onChange={(e) => calculateAfter.mutate(e.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            {counted ? t("gwbs.countedAt", { time: counted }) : t("gwbs.notCounted")}
          </Text>
        </Group>
        {data.items.length === 0 ? (
          <Text c="dimmed">{t("gwbs.empty")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("gwbs.code")}</Table.Th>
                  <Table.Th>{t("gwbs.name")}</Table.Th>
                  <Table.Th>{t("stage.start")}</Table.Th>
                  <Table.Th>{t("stage.finish")}</Table.Th>
                  <Table.Th w={140}>{t("gwbs.progress")}</Table.Th>
                  <Table.Th ta="right">{t("gwbs.works")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr
                    key={item.id}
                    data-testid="gwbs-row"
                    onClick={data.canWrite ? () => setEditing(item) : undefined}
                    style={data.canWrite ? { cursor: "pointer" } : undefined}
                  >
                    <Table.Td style={{ paddingInlineStart: 12 + (depth.get(item.id) ?? 0) * 16, whiteSpace: "nowrap" }}>
                      {item.code}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{item.name}</Table.Td>
                    <Table.Td>{item.start ? formatUserDate(item.start) : "—"}</Table.Td>
                    <Table.Td>{item.finish ? formatUserDate(item.finish) : "—"}</Table.Td>
                    <Table.Td>
                      {item.progress === null ? (
                        "—"
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <Progress value={item.progress} w={70} aria-hidden />
                          <Text size="sm">{item.progress}%</Text>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{item.works}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing ? (
        <GwbsDialog
          key={editing === "new" ? "new" : editing.id}
          gwbs={data}
          item={editing === "new" ? null : editing}
          onSaved={(next) => {
            put(next);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}

type Field = "code" | "name" | "parentId";

/** Adds or changes an item: code, name, parent (never itself or below itself: the server refuses, shown here). */
function GwbsDialog(props: { gwbs: Gwbs; item: GwbsItem | null; onSaved(next: Gwbs): void; onClose(): void }) {
  const { gwbs, item } = props;
  const { t } = useTranslation("pipeline");
  const [code, setCode] = useState(item?.code ?? "");
  const [name, setName] = useState(item?.name ?? "");
  const [parentId, setParentId] = useState<string | null>(item?.parentId ?? null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const showErrors = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    const next: Partial<Record<Field, string>> = {};
    for (const e of error.errors) {
      const field =
        e.code === "GwbsCodeTaken" ? "code" : e.code === "InvalidParent" ? "parentId" : (e.params?.field as Field);
      if (field && !next[field]) next[field] = e.message;
    }
    setErrors(next);
  };
  const projectId = gwbs.projectId;
  const save = useMutation({
    mutationFn: () => {
      const body = { code, name, parentId };
      return item ? gwbsApi.save(projectId, item.id, body) : gwbsApi.add(projectId, body);
    },
    onError: showErrors,
    onSuccess: props.onSaved,
  });
  const remove = useMutation({ mutationFn: () => gwbsApi.remove(projectId, item?.id ?? ""), onSuccess: props.onSaved });
  const parents = gwbs.items
    .filter((i) => i.id !== item?.id)
    .map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }));
  return (
    <Modal opened onClose={props.onClose} title={item ? t("gwbs.edit") : t("gwbs.add")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("gwbs.code")}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
            data-autofocus
          />
          <TextInput
            label={t("gwbs.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Select
            label={t("gwbs.parent")}
            placeholder={t("gwbs.noParent")}
            clearable
            searchable
            value={parentId}
            onChange={setParentId}
            data={parents}
            error={errors.parentId}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="space-between">
            {item ? (
              <Tooltip label={t("gwbs.delete")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t("gwbs.delete")}
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {t("stage.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
