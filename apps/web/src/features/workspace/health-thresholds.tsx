import { Button, Group, NumberInput } from "@mantine/core";
import {
  HEALTH_CHECK_NAMES,
  HEALTH_THRESHOLD_KEYS,
  type HealthThresholdKey,
  healthThresholdRange,
  type VersionHealth,
} from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../shared/i18n";
import { notifyError } from "../../ui/notify";
import { workspaceApi } from "./workspace-api";

interface HealthThresholdsProps {
  versionId: string;
  health: VersionHealth;
  onSaved: (health: VersionHealth) => void;
  onClose: () => void;
}

/**
 * The schedule's thresholds (issue 21), one number per check, starting from the ones the checks were judged by;
 * "DCMA defaults" clears the schedule's own. The server validates (range per check) and answers the health again.
 */
export function HealthThresholds({ versionId, health, onSaved, onClose }: HealthThresholdsProps) {
  const { t } = useTranslation("workspace");
  const limitOf = (key: HealthThresholdKey) => health.checks.find((c) => c.key === key)?.limit ?? 0;
  const [values, setValues] = useState<Record<HealthThresholdKey, number | string>>(
    () => Object.fromEntries(HEALTH_THRESHOLD_KEYS.map((k) => [k, limitOf(k)])) as Record<HealthThresholdKey, number>,
  );
  const [saving, setSaving] = useState(false);
  const save = async (body: Partial<Record<HealthThresholdKey, number>>) => {
    setSaving(true);
    try {
      onSaved(await workspaceApi.setHealthThresholds(versionId, body));
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div data-testid="health-thresholds">
      <Group gap="xs" px="sm" py={4} wrap="wrap" align="end">
        {HEALTH_THRESHOLD_KEYS.map((key) => {
          const range = healthThresholdRange(key);
          return (
            <NumberInput
              key={key}
              size="xs"
              w={150}
              label={HEALTH_CHECK_NAMES[currentLanguage()][key]}
              // long ru/fr names wrap onto a second line rather than being cut
              styles={{ label: { whiteSpace: "normal", lineHeight: 1.2 } }}
              title={HEALTH_CHECK_NAMES[currentLanguage()][key]}
              min={range.min}
              max={range.max}
              decimalScale={range.integer ? 0 : 2}
              suffix={key === "cpli" || key === "bei" || key === "invalid_dates" ? undefined : " %"}
              value={values[key]}
              data-testid={`health-threshold-${key}`}
              onChange={(v) => setValues((was) => ({ ...was, [key]: v }))}
            />
          );
        })}
      </Group>
      <Group gap="xs" px="sm" pb={6}>
        <Button
          size="compact-sm"
          loading={saving}
          data-testid="health-thresholds-save"
          onClick={() =>
            void save(
              Object.fromEntries(HEALTH_THRESHOLD_KEYS.map((k) => [k, Number(values[k])])) as Record<string, number>,
            )
          }
        >
          {t("health.saveThresholds")}
        </Button>
        <Button size="compact-sm" variant="default" disabled={saving} onClick={() => void save({})}>
          {t("health.dcmaDefaults")}
        </Button>
        <Button size="compact-sm" variant="subtle" disabled={saving} onClick={onClose}>
          {t("health.cancel")}
        </Button>
      </Group>
    </div>
  );
}
