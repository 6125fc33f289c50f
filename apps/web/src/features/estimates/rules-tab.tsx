import { Button, Group, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from "@mantine/core";
import {
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_SEVERITIES,
  type ComplianceRule,
  type ComplianceRuleBody,
  type ComplianceRuleKind,
  type Language,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { decimalSeparator } from "../structure";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";
import { ReferenceTable } from "./reference-table";

type Severity = (typeof COMPLIANCE_SEVERITIES)[number];
type Params = NonNullable<ComplianceRuleBody["params"]>;

/** The rule's figures as the list shows them: tolerance, price limits or the coefficients required. */
function paramsText(rule: ComplianceRule, number: (x: number) => string): string {
  const p = rule.params as Params;
  if (rule.kind === "quantity_vs_volume" && p.tolerancePercent !== undefined)
    return `± ${number(p.tolerancePercent)} %`;
  if (rule.kind === "price_limits")
    return [p.minUnitPrice, p.maxUnitPrice].map((x) => (x === undefined ? "…" : number(x))).join(" – ");
  if (rule.kind === "required_coefficients") return (p.coefficientCodes ?? []).join(", ");
  return "";
}

/**
 * The space's compliance rules (issue 19): what an organisation checks on every estimate — run on upload when the
 * settings say so and on demand. A rule is switched off without losing its figures.
 */
export function RulesTab({ canEdit, number }: { canEdit: boolean; number(x: number): string }) {
  const { t, i18n } = useTranslation("estimates");
  const rules = useQuery({ queryKey: costrKeys.rules, queryFn: costrApi.rules });
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ComplianceRuleKind>("position_linked");
  const [severity, setSeverity] = useState<Severity>("warning");
  const [tolerance, setTolerance] = useState<number | "">(10);
  const [minPrice, setMinPrice] = useState<number | "">("");
  const [maxPrice, setMaxPrice] = useState<number | "">("");
  const [codes, setCodes] = useState<string[]>([]);
  const separator = decimalSeparator(i18n.language as Language);
  const params = (): Params =>
    kind === "quantity_vs_volume"
      ? { tolerancePercent: tolerance === "" ? 0 : tolerance }
      : kind === "price_limits"
        ? {
            ...(minPrice === "" ? {} : { minUnitPrice: minPrice }),
            ...(maxPrice === "" ? {} : { maxUnitPrice: maxPrice }),
          }
        : kind === "required_coefficients"
          ? { coefficientCodes: codes }
          : {};
  const create = useReferenceChange(
    costrKeys.rules,
    () => costrApi.createRule({ name, kind, severity, enabled: true, params: params() }),
    () => setName(""),
  );
  const toggle = useReferenceChange(costrKeys.rules, (rule: ComplianceRule) =>
    costrApi.updateRule(rule.id, { ...rule, params: rule.params as Params, enabled: !rule.enabled }),
  );
  const remove = useReferenceChange(costrKeys.rules, costrApi.deleteRule);
  const list = rules.data ?? [];
  return (
    <Stack gap="sm" data-testid="costr-rules">
      <ReferenceTable
        rows={list}
        empty={t("refs.noRules")}
        minWidth={560}
        onRemove={canEdit ? (r) => remove.mutate(r.id) : undefined}
        columns={[
          { header: t("name"), cell: (r) => r.name, wrap: true },
          { header: t("refs.check"), cell: (r) => t(`compliance.kinds.${r.kind}`), wrap: true },
          { header: t("refs.figures"), cell: (r) => paramsText(r, number) },
          {
            header: t("refs.severity"),
            cell: (r) => (
              <Text size="sm" fw={600} c={r.severity === "error" ? "red" : "orange"}>
                {t(`compliance.severity.${r.severity}`)}
              </Text>
            ),
          },
          {
            header: t("refs.enabled"),
            cell: (r) => (
              <Switch
                aria-label={`${t("refs.enabled")}: ${r.name}`}
                checked={r.enabled}
                disabled={!canEdit}
                onChange={() => toggle.mutate(r)}
              />
            ),
          },
        ]}
      />
      {canEdit && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={t("name")} w={220} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select
            label={t("refs.check")}
            w={300}
            allowDeselect={false}
            value={kind}
            onChange={(v) => setKind((v ?? "position_linked") as ComplianceRuleKind)}
            data={COMPLIANCE_RULE_KINDS.map((k) => ({ value: k, label: t(`compliance.kinds.${k}`) }))}
          />
          <Select
            label={t("refs.severity")}
            w={200}
            allowDeselect={false}
            value={severity}
            onChange={(v) => setSeverity((v ?? "warning") as Severity)}
            data={COMPLIANCE_SEVERITIES.map((s) => ({ value: s, label: t(`compliance.severity.${s}`) }))}
          />
          {kind === "quantity_vs_volume" && (
            <NumberInput
              label={t("refs.tolerance")}
              w={140}
              min={0}
              max={1000}
              decimalSeparator={separator}
              value={tolerance}
              onChange={(v) => setTolerance(typeof v === "number" ? v : "")}
            />
          )}
          {kind === "price_limits" && (
            <>
              <NumberInput
                label={t("refs.minPrice")}
                w={160}
                min={0}
                decimalSeparator={separator}
                value={minPrice}
                onChange={(v) => setMinPrice(typeof v === "number" ? v : "")}
              />
              <NumberInput
                label={t("refs.maxPrice")}
                w={160}
                min={0}
                decimalSeparator={separator}
                value={maxPrice}
                onChange={(v) => setMaxPrice(typeof v === "number" ? v : "")}
              />
            </>
          )}
          {kind === "required_coefficients" && (
            <TagsInput label={t("refs.coefficientCodes")} w={260} value={codes} onChange={setCodes} />
          )}
          <Button disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate(undefined)}>
            {t("refs.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
