import { Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { type Language, MEASURE_KINDS, type Measure, type MeasureKind, measureBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decimalSeparator } from "../structure";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";
import { useFieldIssues } from "./field-issues";

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
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("refs.noMeasures")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("refs.code")}</Table.Th>
                <Table.Th>{t("name")}</Table.Th>
                <Table.Th>{t("refs.kind")}</Table.Th>
                <Table.Th>{t("refs.conversion")}</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.code}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{m.name}</Table.Td>
                  <Table.Td>{t(`refs.measureKinds.${m.kind}`)}</Table.Td>
                  <Table.Td>
                    {m.baseId ? `1 ${m.code} = ${number(m.factor)} ${codeOf.get(m.baseId) ?? ""}` : t("refs.base")}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => edit(m)}
                        aria-label={t("refs.editOf", { code: m.code })}
                      >
                        {t("refs.edit")}
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => remove.mutate(m.id)}>
                        {t("remove")}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
          <Button loading={save.isPending} onClick={submit}>
            {editing ? t("refs.save") : t("refs.add")}
          </Button>
          {editing && (
            <Button variant="default" onClick={clearForm}>
              {t("refs.cancel")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
