import { Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { MEASURE_KINDS, type MeasureKind } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";

/**
 * The space's measures (spec §3 measures, measure kinds): a base measure per kind and the measures converting to it
 * ("100 м3" = 100 × "м3"); an estimate's units are found among them on upload.
 */
export function MeasuresTab({ canEdit, number }: { canEdit: boolean; number(x: number): string }) {
  const { t } = useTranslation("estimates");
  const measures = useQuery({ queryKey: costrKeys.measures, queryFn: costrApi.measures });
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<MeasureKind>("volume");
  const [baseId, setBaseId] = useState<string | null>(null);
  const [factor, setFactor] = useState<number>(1);
  const create = useReferenceChange(
    costrKeys.measures,
    () => costrApi.createMeasure({ code, name, kind, baseId, factor: baseId ? factor : 1 }),
    () => {
      setCode("");
      setName("");
      setBaseId(null);
      setFactor(1);
    },
  );
  const remove = useReferenceChange(costrKeys.measures, costrApi.deleteMeasure);
  const list = measures.data ?? [];
  const codeOf = new Map(list.map((m) => [m.id, m.code]));
  const bases = list.filter((m) => m.kind === kind && m.baseId === null);
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
                    <Table.Td ta="right">
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
          <TextInput label={t("refs.code")} w={120} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <TextInput label={t("name")} w={220} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select
            label={t("refs.kind")}
            w={200}
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
            value={baseId}
            onChange={setBaseId}
            data={bases.map((m) => ({ value: m.id, label: m.code }))}
          />
          {baseId && (
            <NumberInput
              label={t("refs.factor")}
              w={120}
              min={0}
              value={factor}
              onChange={(v) => setFactor(typeof v === "number" ? v : 1)}
            />
          )}
          <Button
            disabled={!code.trim() || !name.trim()}
            loading={create.isPending}
            onClick={() => create.mutate(undefined)}
          >
            {t("refs.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
