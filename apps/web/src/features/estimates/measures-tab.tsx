import { Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { type Language, MEASURE_KINDS, type Measure, type MeasureKind, measureBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decimalSeparator } from "../structure";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";
import { useFieldIssues } from "./field-issues";
import { ReferenceFormButtons, ReferenceTable } from "./reference-table";

const FIELDS = ["code", "name", "kind", "baseId", "factor"] as const;

/**
 * The space's measures (spec §3 measures, measure kinds): a base measure per kind and the measures converting to it
 * ("100 м3" = 100 × "м3"); an estimate's units are found among them on upload. One form adds a measure or, after
 * "Edit" on a row, changes that one; what the contract refuses is said beside its field in the page's language.
 */
export function MeasuresTab({ canEdit, number }: { canEdit: boolean; number(x: number): string }) {
  const { t, i18n } = useTranslation("estimates");
  const measures = useQuery({ queryKey: costrKeys.measures, queryFn: costrApi.measures });
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<MeasureKind>("volume");
  const [baseId, setBaseId] = useState<string | null>(null);
  const [factor, setFactor] = useState<number | "">(1);
  const [editing, setEditing] = useState<string | null>(null);
  const issues = useFieldIssues();
  const clearForm = () => {
    setEditing(null);
    setCode("");
    setName("");
    setBaseId(null);
    setFactor(1);
    issues.clear();
  };
  const save = useReferenceChange(
    costrKeys.measures,
    (body: ReturnType<typeof measureBody.parse>) =>
      editing ? costrApi.updateMeasure(editing, body) : costrApi.createMeasure(body),
    clearForm,
    (error) => issues.refused(error, FIELDS),
  );
  const submit = () => {
    const body = issues.check(measureBody, {
      code,
      name,
      kind,
      baseId,
      factor: baseId ? (factor === "" ? Number.NaN : factor) : 1,
    });
    if (body) save.mutate(body);
  };
  const edit = (m: Measure) => {
    setEditing(m.id);
    setCode(m.code);
    setName(m.name);
    setKind(m.kind);
    setBaseId(m.baseId);
    setFactor(m.factor);
    issues.clear();
  };
  const remove = useReferenceChange(costrKeys.measures, costrApi.deleteMeasure);
  const list = measures.data ?? [];
  const codeOf = new Map(list.map((m) => [m.id, m.code]));
  const bases = list.filter((m) => m.kind === kind && m.baseId === null && m.id !== editing);
  return (
    <Stack gap="sm" data-testid="costr-measures">
      <ReferenceTable
        rows={list}
        empty={t("refs.noMeasures")}
        minWidth={480}
        codeOf={(m) => m.code}
        onEdit={canEdit ? edit : undefined}
        onRemove={canEdit ? (m) => remove.mutate(m.id) : undefined}
        columns={[
          { header: t("refs.code"), cell: (m) => m.code },
          { header: t("name"), cell: (m) => m.name, wrap: true },
          { header: t("refs.kind"), cell: (m) => t(`refs.measureKinds.${m.kind}`) },
          {
            header: t("refs.conversion"),
            cell: (m) =>
              m.baseId ? `1 ${m.code} = ${number(m.factor)} ${codeOf.get(m.baseId) ?? ""}` : t("refs.base"),
          },
        ]}
      />
      {canEdit && (
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
            w={220}
            value={name}
            error={issues.error("name")}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t("refs.kind")}
            w={200}
            error={issues.error("kind")}
            allowDeselect={false}
            value={kind}
            onChange={(v) => {
              setKind((v ?? "volume") as MeasureKind);
              setBaseId(null);
            }}
            data={MEASURE_KINDS.map((k) => ({ value: k, label: t(`refs.measureKinds.${k}`) }))}
          />
          <Select
            label={t("refs.baseMeasure")}
            w={160}
            clearable
            error={issues.error("baseId")}
            value={baseId}
            onChange={setBaseId}
            data={bases.map((m) => ({ value: m.id, label: m.code }))}
          />
          {baseId && (
            <NumberInput
              label={t("refs.factor")}
              w={120}
              value={factor}
              decimalSeparator={decimalSeparator(i18n.language as Language)}
              error={issues.error("factor")}
              onChange={(v) => setFactor(typeof v === "number" ? v : "")}
            />
          )}
          <ReferenceFormButtons
            editing={editing !== null}
            pending={save.isPending}
            onSubmit={submit}
            onCancel={clearForm}
          />
        </Group>
      )}
    </Stack>
  );
}
