import { Group, MultiSelect, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import {
  COEFFICIENT_KINDS,
  COST_PARTS,
  type Coefficient,
  type CoefficientKind,
  type CostPart,
  coefficientBody,
  type Language,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decimalSeparator } from "../structure";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";
import { useFieldIssues } from "./field-issues";
import { ReferenceFormButtons, ReferenceTable } from "./reference-table";

const FIELDS = ["code", "name", "kind", "value", "parts"] as const;

/** Overheads and profit are percentages of the money below them; the other kinds multiply the parts they name. */
const isPercent = (kind: CoefficientKind) => kind === "overhead" || kind === "profit";

/**
 * The space's cost coefficients (spec §3): regional, winter and indexation multipliers of the parts they name,
 * overheads and profit as percentages; an estimate, a section or a position applies them in order. One form adds a
 * coefficient or, after "Edit" on a row, changes that one (the estimates it is applied in are priced again); what the
 * contract refuses is said beside its field in the page's language.
 */
export function CoefficientsTab({ canEdit, number }: { canEdit: boolean; number(x: number): string }) {
  const { t, i18n } = useTranslation("estimates");
  const coefficients = useQuery({ queryKey: costrKeys.coefficients, queryFn: costrApi.coefficients });
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<CoefficientKind>("regional");
  const [value, setValue] = useState<number | "">("");
  const [parts, setParts] = useState<CostPart[]>(["wages", "machines", "materials"]);
  const [editing, setEditing] = useState<string | null>(null);
  const issues = useFieldIssues();
  const clearForm = () => {
    setEditing(null);
    setCode("");
    setName("");
    setValue("");
    issues.clear();
  };
  const save = useReferenceChange(
    costrKeys.coefficients,
    (body: ReturnType<typeof coefficientBody.parse>) =>
      editing ? costrApi.updateCoefficient(editing, body) : costrApi.createCoefficient(body),
    clearForm,
    (error) => issues.refused(error, FIELDS),
  );
  const submit = () => {
    const body = issues.check(coefficientBody, {
      code,
      name,
      kind,
      value: value === "" ? Number.NaN : value,
      parts: isPercent(kind) ? [] : parts,
    });
    if (body) save.mutate(body);
  };
  const edit = (c: Coefficient) => {
    setEditing(c.id);
    setCode(c.code);
    setName(c.name);
    setKind(c.kind);
    setValue(c.value);
    if (!isPercent(c.kind)) setParts(c.parts);
    issues.clear();
  };
  const remove = useReferenceChange(costrKeys.coefficients, costrApi.deleteCoefficient);
  const list = coefficients.data ?? [];
  return (
    <Stack gap="sm" data-testid="costr-coefficients">
      <ReferenceTable
        rows={list}
        empty={t("refs.noCoefficients")}
        minWidth={520}
        codeOf={(c) => c.code}
        onEdit={canEdit ? edit : undefined}
        onRemove={canEdit ? (c) => remove.mutate(c.id) : undefined}
        columns={[
          { header: t("refs.code"), cell: (c) => c.code },
          { header: t("name"), cell: (c) => c.name, wrap: true },
          { header: t("refs.kind"), cell: (c) => t(`kinds.${c.kind}`) },
          {
            header: t("refs.value"),
            align: "right",
            cell: (c) => (isPercent(c.kind) ? `${number(c.value)} %` : `× ${number(c.value)}`),
          },
          {
            header: t("refs.parts"),
            wrap: true,
            cell: (c) => (isPercent(c.kind) ? "" : c.parts.map((p) => t(`refs.costParts.${p}`)).join(", ")),
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
            w={180}
            allowDeselect={false}
            value={kind}
            onChange={(v) => setKind((v ?? "regional") as CoefficientKind)}
            data={COEFFICIENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <NumberInput
            label={isPercent(kind) ? t("refs.percent") : t("refs.multiplier")}
            w={140}
            decimalScale={6}
            error={issues.error("value")}
            decimalSeparator={decimalSeparator(i18n.language as Language)}
            value={value}
            onChange={(v) => setValue(typeof v === "number" ? v : "")}
          />
          {!isPercent(kind) && (
            <MultiSelect
              label={t("refs.parts")}
              w={300}
              error={issues.error("parts")}
              value={parts}
              onChange={(v) => setParts(v as CostPart[])}
              data={COST_PARTS.map((p) => ({ value: p, label: t(`refs.costParts.${p}`) }))}
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
