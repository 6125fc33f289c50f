import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { DISTRIBUTION_MODES, type WdpDistributionMode } from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { readCell } from "./wdp-numbers";

export interface DistributeChoice {
  mode: WdpDistributionMode;
  total?: number;
  from?: string;
  to?: string;
  lagDays?: number;
  period?: "week" | "month";
}

/** The eight distribution modes with the parameters each needs (spec §3); the page sends the call. */
export function DistributeDialog({
  opened,
  count,
  onClose,
  onApply,
}: {
  opened: boolean;
  count: number;
  onClose(): void;
  onApply(choice: DistributeChoice): Promise<boolean>;
}) {
  const { t } = useTranslation("wdp");
  const [mode, setMode] = useState<WdpDistributionMode>("evenly");
  const [total, setTotal] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [lagDays, setLagDays] = useState<number | string>(0);
  const [period, setPeriod] = useState<"week" | "month">("week");
  const [busy, setBusy] = useState(false);
  const reading = readCell(total);
  const totalError = total.trim() !== "" && !reading.ok ? t(`numberError.${reading.reason}`) : null;
  const datesMissing = mode === "by_date" && (!from || !to);

  const apply = async () => {
    if (totalError || datesMissing) return;
    setBusy(true);
    const ok = await onApply({
      mode,
      ...(total.trim() !== "" && reading.ok ? { total: reading.value } : {}),
      ...(mode === "by_date" ? { from, to } : {}),
      ...(mode === "by_lag" ? { lagDays: Number(lagDays) || 0 } : {}),
      ...(mode === "by_period" ? { period } : {}),
    }).finally(() => setBusy(false));
    if (ok) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("distribute.title")} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("distribute.works", { count })}
        </Text>
        <Select
          label={t("distribute.mode")}
          data={DISTRIBUTION_MODES.map((m) => ({ value: m, label: t(`distribute.modes.${m}`) }))}
          value={mode}
          onChange={(v) => v && setMode(v as WdpDistributionMode)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t("distribute.total")}
          description={t("distribute.totalHint")}
          value={total}
          inputMode="decimal"
          onChange={(e) => setTotal(e.currentTarget.value)}
          error={totalError}
        />
        {mode === "by_date" && (
          <Group grow>
            <TextInput
              type="date"
              label={t("distribute.from")}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              required
            />
            <TextInput
              type="date"
              label={t("distribute.to")}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
            />
          </Group>
        )}
        {mode === "by_lag" && (
          <NumberInput
            label={t("distribute.lagDays")}
            value={lagDays}
            onChange={setLagDays}
            min={0}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
          />
        )}
        {mode === "by_period" && (
          <Select
            label={t("distribute.period")}
            data={(["week", "month"] as const).map((p) => ({ value: p, label: t(`distribute.periods.${p}`) }))}
            value={period}
            onChange={(v) => v && setPeriod(v as "week" | "month")}
            allowDeselect={false}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("distribute.cancel")}
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={Boolean(totalError) || datesMissing}>
            {t("distribute.apply")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
