import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { hasProhibitedCharacters, NAME_MAX_LENGTH } from "@planum/contracts";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { api, apiRequest } from "../../shared/api-client";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { BUILT_IN_COLUMNS, GANTT_SCALES } from "../workspace/gantt";
import { lastSchedule } from "./last-schedule";
import { DEFAULT_DRAFT, draftOf, type LayoutDraft, type LayoutTemplate, settingsOf } from "./layout-settings";

/** /:spaceId/viewsettings: the space's layout templates (columns, grouping, scale) to start workspace views from. */
export function ViewSettingsPage() {
  const { t } = useTranslation("view-settings");
  const gantt = useTranslation("workspace", { keyPrefix: "gantt" }).t;
  const { spaceId = "" } = useParams();
  const [params] = useSearchParams();
  const scheduleId = params.get("schedule") ?? lastSchedule(spaceId);
  const queryClient = useQueryClient();
  const key = ["viewsettings", spaceId];
  const templates = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ templates: LayoutTemplate[] }>("/viewsettings").then((r) => r.templates),
  });
  const [editing, setEditing] = useState<LayoutTemplate | null>(null);
  const [draft, setDraft] = useState<LayoutDraft>(DEFAULT_DRAFT);

  useRealtimeEvents((event) => {
    if (event.type === "layouts_updated" && event.spaceId === spaceId)
      void queryClient.invalidateQueries({ queryKey: key });
  });

  const base = scheduleId ? `/schedules/${scheduleId}/version-layout-template` : null;
  const save = useMutation({
    mutationFn: () => {
      const body = { name: draft.name.trim(), settings: settingsOf(draft, editing?.settings) };
      return editing
        ? apiRequest<LayoutTemplate>(`${base}/${editing.id}`, { method: "PUT", body })
        : api.post<LayoutTemplate>(base!, body);
    },
    onSuccess: () => {
      notifySuccess(t(editing ? "saved" : "created"));
      setEditing(null);
      setDraft(DEFAULT_DRAFT);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${base}/${id}`),
    onSuccess: () => {
      notifySuccess(t("deleted"));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const name = draft.name.trim();
  const nameError =
    draft.name === ""
      ? null
      : name === ""
        ? t("errors.nameRequired")
        : name.length > NAME_MAX_LENGTH
          ? t("errors.nameTooLong")
          : hasProhibitedCharacters(name)
            ? t("errors.prohibited")
            : null;
  const columnOptions = BUILT_IN_COLUMNS.map((c) => ({ value: c, label: gantt(`columns.${c}`) }));

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("intro")}
      </Text>
      {!base && <Alert color="yellow">{t("needsSchedule")}</Alert>}
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (name && !nameError && base) save.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fw={600}>{editing ? t("editTitle", { name: editing.name }) : t("newTitle")}</Text>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                label={t("name")}
                value={draft.name}
                error={nameError}
                w={{ base: "100%", sm: 260 }}
                onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              />
              <Select
                label={t("scale")}
                w={160}
                allowDeselect={false}
                value={draft.ganttScale}
                data={GANTT_SCALES.map((s) => ({ value: s, label: gantt(`scales.${s}`) }))}
                onChange={(v) => v && setDraft({ ...draft, ganttScale: v as LayoutDraft["ganttScale"] })}
              />
              <Select
                label={t("grouping")}
                w={220}
                clearable
                placeholder={gantt("toolbar.noGrouping")}
                value={draft.grouping}
                data={columnOptions.filter((c) => draft.columns.includes(c.value) && c.value !== "name")}
                onChange={(v) => setDraft({ ...draft, grouping: v })}
              />
            </Group>
            <MultiSelect
              label={t("columns")}
              value={draft.columns}
              data={columnOptions}
              onChange={(columns) => setDraft({ ...draft, columns })}
            />
            <Group justify="flex-end" gap="xs">
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    setDraft(DEFAULT_DRAFT);
                  }}
                >
                  {t("cancel")}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} disabled={!base || !name || nameError !== null}>
                {t(editing ? "save" : "create")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover aria-label={t("listLabel")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("name")}</Table.Th>
              <Table.Th>{t("columns")}</Table.Th>
              <Table.Th>{t("grouping")}</Table.Th>
              <Table.Th>{t("scale")}</Table.Th>
              <Table.Th w={80} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(templates.data ?? []).length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {templates.isPending ? t("loading") : t("empty")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {(templates.data ?? []).map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{template.name}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {template.settings.columns.map((c) => (
                      <Badge key={c} size="xs" variant="light">
                        {(BUILT_IN_COLUMNS as readonly string[]).includes(c)
                          ? gantt(`columns.${c}` as "columns.name")
                          : c}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {template.settings.grouping.map((g) => gantt(`columns.${g}` as "columns.name")).join(", ")}
                </Table.Td>
                <Table.Td>{gantt(`scales.${template.settings.ganttScale}`)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("edit", { name: template.name })}
                      disabled={!base}
                      onClick={() => {
                        setEditing(template);
                        setDraft(draftOf(template));
                      }}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("delete", { name: template.name })}
                      disabled={!base}
                      onClick={async () => {
                        const answer = await confirm({
                          message: t("deleteConfirm", { name: template.name }),
                          danger: true,
                        });
                        if (answer.confirmed) remove.mutate(template.id);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
