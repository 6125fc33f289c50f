import { Group, Paper, Select, Stack, TextInput, Title } from "@mantine/core";
import { PDC_STAGES, type Pdc, pdcBody } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { useReferenceChange } from "./costr-api";
import { useFieldIssues } from "./field-issues";
import { ReferenceFormButtons, ReferenceTable } from "./reference-table";

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
        <ReferenceTable
          rows={list}
          empty={t("pdc.none")}
          minWidth={520}
          codeOf={(p) => p.code}
          onEdit={edit}
          onRemove={(p) => remove.mutate(p.id)}
          columns={[
            { header: t("refs.code"), cell: (p) => p.code },
            { header: t("name"), cell: (p) => p.name, wrap: true },
            { header: t("pdc.stage"), cell: (p) => t(`pdc.stages.${p.stage}`) },
            { header: t("pdc.note"), cell: (p) => p.note, wrap: true },
            { header: t("pdc.estimates"), cell: (p) => p.estimateCount, align: "right" },
          ]}
        />
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
          <ReferenceFormButtons
            editing={editing !== null}
            pending={save.isPending}
            onSubmit={submit}
            onCancel={clearForm}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
