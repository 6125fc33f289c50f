import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { PDC_STAGES, type Pdc, pdcBody } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { useReferenceChange } from "./costr-api";
import { useFieldIssues } from "./field-issues";

const FIELDS = ["code", "name", "stage", "note"] as const;
type PdcStage = (typeof PDC_STAGES)[number];
const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/costr/pdc`;
export const pdcKey = (projectId: string) => ["costr", "pdc", projectId] as const;

/** The project's design documentation sets (spec §3 PDC), which an uploaded estimate may belong to. */
export function usePdc(projectId: string) {
  return useQuery({ queryKey: pdcKey(projectId), queryFn: () => api.get<Pdc[]>(base(projectId)) });
}

/**
 * The project's PDC (проектно-сметная документация, spec §3 and §7 Costr "pdc"): its sets with their stage, note and
 * how many estimates each holds; one form adds a set or, after "Edit" on a row, changes that one. Refusals beside
 * their fields in the page's language; a set holding estimates is not deleted (the server says so).
 */
export function PdcPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation("estimates");
  const queryClient = useQueryClient();
  const list = usePdc(projectId).data ?? [];
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [stage, setStage] = useState<PdcStage>("design");
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const issues = useFieldIssues();
  const key = pdcKey(projectId);
  const clearForm = () => {
    setEditing(null);
    setCode("");
    setName("");
    setStage("design");
    setNote("");
    issues.clear();
  };
  const save = useReferenceChange(
    key,
    (body: ReturnType<typeof pdcBody.parse>) =>
      editing
        ? api.put<Pdc[]>(`${base(projectId)}/${encodeURIComponent(editing)}`, body)
        : api.post<Pdc[]>(base(projectId), body),
    clearForm,
    (error) => issues.refused(error, FIELDS),
  );
  const remove = useReferenceChange(key, (pdcId: string) =>
    api.delete<Pdc[]>(`${base(projectId)}/${encodeURIComponent(pdcId)}`),
  );
  const submit = () => {
    const body = issues.check(pdcBody, { code, name, stage, note });
    if (body) save.mutate(body, { onSuccess: () => queryClient.invalidateQueries({ queryKey: ["estimates"] }) });
  };
  const edit = (p: Pdc) => {
    setEditing(p.id);
    setCode(p.code);
    setName(p.name);
    setStage(p.stage);
    setNote(p.note);
    issues.clear();
  };
  return (
    <Paper withBorder p="md" data-testid="pdc-panel">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t("pdc.title")}
        </Title>
        {list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("pdc.none")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("refs.code")}</Table.Th>
                  <Table.Th>{t("name")}</Table.Th>
                  <Table.Th>{t("pdc.stage")}</Table.Th>
                  <Table.Th>{t("pdc.note")}</Table.Th>
                  <Table.Th ta="right">{t("pdc.estimates")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.code}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{p.name}</Table.Td>
                    <Table.Td>{t(`pdc.stages.${p.stage}`)}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{p.note}</Table.Td>
                    <Table.Td ta="right">{p.estimateCount}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => edit(p)}
                        aria-label={t("refs.editOf", { code: p.code })}
                      >
                        {t("refs.edit")}
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => remove.mutate(p.id)}>
                        {t("remove")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t("refs.code")}
            w={120}
            value={code}
            error={issues.error("code")}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <TextInput
            label={t("name")}
            w={240}
            value={name}
            error={issues.error("name")}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t("pdc.stage")}
            w={240}
            allowDeselect={false}
            value={stage}
            error={issues.error("stage")}
            onChange={(v) => setStage((v ?? "design") as PdcStage)}
            data={PDC_STAGES.map((s) => ({ value: s, label: t(`pdc.stages.${s}`) }))}
          />
          <TextInput
            label={t("pdc.note")}
            w={220}
            value={note}
            error={issues.error("note")}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button loading={save.isPending} onClick={submit}>
            {editing ? t("refs.save") : t("refs.add")}
          </Button>
          {editing && (
            <Button variant="default" onClick={clearForm}>
              {t("refs.cancel")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
