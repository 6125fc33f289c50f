import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { ComplianceFinding } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { estimateKeys, estimatesApi } from "./estimates-api";

/** The estimate's last compliance check (rules of the organisation): errors and warnings with where they are. */
export function CompliancePanel({
  projectId,
  estimateId,
  format,
  quantity,
}: {
  projectId: string;
  estimateId: string;
  /** Money and quantities written by the user's locale (0,45 in Russian and French). */
  format(x: number): string;
  quantity(x: number): string;
}) {
  const { t } = useTranslation("estimates");
  const queryClient = useQueryClient();
  const key = estimateKeys.check(projectId, estimateId);
  const last = useQuery({ queryKey: key, queryFn: () => estimatesApi.lastCheck(projectId, estimateId) });
  const run = useMutation({
    mutationFn: () => estimatesApi.check(projectId, estimateId),
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  const check = last.data;
  // A unit price is money; a quantity against its works' volume is two quantities.
  const findingValue = (f: ComplianceFinding) =>
    f.kind === "price_limits" && f.amounts.length > 0
      ? format(f.amounts[0])
      : f.amounts.length > 0
        ? f.amounts.map(quantity).join(" ≠ ")
        : f.value;
  return (
    <Paper withBorder p="sm" data-testid="estimate-compliance">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t("compliance.title")}</Text>
          <Button size="xs" variant="light" loading={run.isPending} onClick={() => run.mutate()}>
            {t("compliance.run")}
          </Button>
        </Group>
        {check ? (
          <Text size="sm">{t("compliance.summary", { errors: check.errors, warnings: check.warnings })}</Text>
        ) : null}
        {check?.findings.map((f) => (
          <Group key={`${f.ruleId}-${f.positionId ?? ""}-${f.where}-${f.value}`} gap="xs" wrap="wrap">
            <Badge color={f.severity === "error" ? "red" : "yellow"} variant="light">
              {t(`compliance.severity.${f.severity}`)}
            </Badge>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t(`compliance.kinds.${f.kind}`)}: {f.where || t("whereEstimate")}
              {findingValue(f) ? ` — ${findingValue(f)}` : ""} ({f.rule})
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
