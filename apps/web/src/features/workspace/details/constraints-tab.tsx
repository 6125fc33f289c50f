import { Box, Group, Select, Stack, Text } from "@mantine/core";
import type { ErrorCode, WbsItem } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CONSTRAINT_KINDS,
  type Constraint,
  type ConstraintKind,
  constraintsOf,
  limitsOf,
  takesDate,
} from "./constraint-pairs";
import { DateField, useErrorText } from "./detail-fields";
import { Pane, type Save } from "./details-pane";

function ConstraintRow(props: {
  label: string;
  value: Constraint;
  disabled: boolean;
  error: string | null;
  onChange(next: Constraint): Promise<ErrorCode | null>;
  testId: string;
}) {
  const { t } = useTranslation("workspace");
  const errorText = useErrorText();
  const [kind, setKind] = useState<ConstraintKind | null>(props.value.kind);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    setKind(props.value.kind);
    setRefused(null);
  }, [props.value.kind]);
  const pick = async (next: ConstraintKind | null) => {
    setKind(next);
    // a type without a date waits for its date; clearing the type clears both
    if (next && takesDate(next) && !props.value.date) {
      setRefused(errorText("ConstraintDateRequired"));
      return;
    }
    const code = await props.onChange({ kind: next, date: takesDate(next) ? props.value.date : null });
    setRefused(code ? errorText(code) : null);
  };
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        size="xs"
        w={240}
        label={props.label}
        clearable
        disabled={props.disabled}
        placeholder={t("details.constraints.none")}
        value={kind}
        data={CONSTRAINT_KINDS.map((k) => ({ value: k, label: t(`details.constraints.kinds.${k}`) }))}
        onChange={(v) => void pick(v as ConstraintKind | null)}
        error={refused ?? props.error}
        data-testid={`${props.testId}-type`}
      />
      <Box w={200}>
        <DateField
          label={t("details.constraints.date")}
          value={props.value.date}
          defaultTime={kind?.includes("finish") ? "17:00" : "08:00"}
          disabled={props.disabled || !takesDate(kind)}
          onCommit={async (date) => {
            if (!kind || !takesDate(kind)) return null;
            if (!date) return "ConstraintDateRequired";
            const code = await props.onChange({ kind, date });
            if (!code) setRefused(null);
            return code;
          }}
          testId={`${props.testId}-date`}
        />
      </Box>
    </Group>
  );
}

export function ConstraintsTab({ item, disabled, save }: { item: WbsItem; disabled: boolean; save: Save }) {
  const { t } = useTranslation("workspace");
  const { primary, secondary } = constraintsOf(item);
  const [pairError, setPairError] = useState<string | null>(null);
  const store = async (next: { primary: Constraint; secondary: Constraint }): Promise<ErrorCode | null> => {
    const limits = limitsOf(next.primary, next.secondary);
    if (limits === "two") {
      setPairError(t("details.constraints.sameEnd"));
      return null;
    }
    setPairError(null);
    return save(limits);
  };
  return (
    <Pane>
      <Stack gap="xs">
        <ConstraintRow
          label={t("details.constraints.primary")}
          value={primary}
          disabled={disabled}
          error={null}
          onChange={(c) => store({ primary: c, secondary })}
          testId="details-primary"
        />
        <ConstraintRow
          label={t("details.constraints.secondary")}
          value={secondary}
          disabled={disabled || !primary.kind}
          error={pairError}
          onChange={(c) => store({ primary, secondary: c })}
          testId="details-secondary"
        />
        <Text size="xs" c="dimmed">
          {t("details.constraints.hint")}
        </Text>
      </Stack>
    </Pane>
  );
}
