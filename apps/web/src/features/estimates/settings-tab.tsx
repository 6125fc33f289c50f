import { Button, Group, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import type { CostrSettings, Language } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { decimalSeparator } from "../structure";
import { costrApi, costrKeys, useReferenceChange } from "./costr-api";

/** Costr settings (spec §3): the estimates' currency, money rounding, VAT and whether rules run on every upload. */
export function SettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation("estimates");
  const stored = useQuery({ queryKey: costrKeys.settings, queryFn: costrApi.settings });
  const [draft, setDraft] = useState<CostrSettings | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const save = useReferenceChange(
    costrKeys.settings,
    (settings: CostrSettings) => costrApi.saveSettings(settings),
    () => notifySuccess(t("refs.saved")),
  );
  if (!draft) return null;
  const set = (change: Partial<CostrSettings>) => setDraft({ ...draft, ...change });
  return (
    <Stack gap="sm" data-testid="costr-settings" maw={420}>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          label={t("refs.currency")}
          w={120}
          maxLength={3}
          disabled={!canEdit}
          value={draft.currency}
          onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })}
        />
        <NumberInput
          label={t("refs.decimals")}
          w={120}
          min={0}
          max={4}
          allowDecimal={false}
          disabled={!canEdit}
          value={draft.decimals}
          onChange={(v) => set({ decimals: typeof v === "number" ? v : 0 })}
        />
        <NumberInput
          label={t("refs.vat")}
          w={120}
          min={0}
          max={100}
          decimalSeparator={decimalSeparator(i18n.language as Language)}
          disabled={!canEdit}
          value={draft.vatPercent}
          onChange={(v) => set({ vatPercent: typeof v === "number" ? v : 0 })}
        />
      </Group>
      <Switch
        label={t("refs.checkOnUpload")}
        disabled={!canEdit}
        checked={draft.checkOnUpload}
        onChange={(e) => set({ checkOnUpload: e.currentTarget.checked })}
      />
      {canEdit && (
        <Group>
          <Button loading={save.isPending} onClick={() => save.mutate(draft)}>
            {t("refs.save")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
