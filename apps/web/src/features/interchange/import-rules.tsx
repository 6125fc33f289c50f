import { Button, Group, Select, TextInput } from "@mantine/core";
import { nameField } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { interchangeApi } from "./interchange-api";

const RULES_KEY = ["schedule-import-settings"] as const;

interface ImportRulesProps {
  skipRows: number;
  mapping: Record<string, string>;
  /** Applies a saved rule to the dialog: its rows to skip and its column mapping. */
  onApply(rule: { skipRows: number; mapping: Record<string, string> }): void;
}

/** Saved upload rules (spec: "upload uses a rule: rule name, number of rows to skip"): pick one, or save the current. */
export function ImportRules(p: ImportRulesProps) {
  const { t } = useTranslation("interchange");
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: RULES_KEY, queryFn: interchangeApi.rules });
  const [name, setName] = useState("");
  const nameCheck = name ? nameField.safeParse(name) : null;
  const save = useMutation({
    mutationFn: () => interchangeApi.saveRule({ name: name.trim(), mapping: p.mapping, skipRows: p.skipRows }),
    onSuccess: (rule) => {
      notifySuccess(t("upload.ruleSaved", { name: rule.name }), { long: true });
      setName("");
      queryClient.invalidateQueries({ queryKey: RULES_KEY });
    },
    onError: notifyError,
  });

  return (
    <>
      {(rules.data?.length ?? 0) > 0 && (
        <Select
          label={t("upload.rule")}
          description={t("upload.ruleHint")}
          data={rules.data?.map((rule) => ({ value: rule.id, label: rule.name })) ?? []}
          clearable
          onChange={(id) => {
            const rule = rules.data?.find((r) => r.id === id);
            if (!rule) return;
            const mapping = Object.fromEntries(Object.entries(rule.mapping).map(([field, v]) => [field, String(v)]));
            p.onApply({ skipRows: rule.skipRows, mapping });
          }}
        />
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t("upload.ruleName")}
          placeholder={t("upload.ruleNamePlaceholder")}
          value={name}
          maxLength={64}
          error={nameCheck && !nameCheck.success ? true : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button
          variant="light"
          disabled={!nameCheck?.success || Object.keys(p.mapping).length === 0}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t("upload.saveRule")}
        </Button>
      </Group>
    </>
  );
}
