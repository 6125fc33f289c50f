import { Button, Group, Select, TextInput } from "@mantine/core";
import type { BimLinkRule } from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDirectories } from "../directories/directories-api";

/**
 * The rule of "tie by rule": an element's property equal to the work's code, or to a directory value of the work
 * (the code of the row it refers to in a directory, or that row's value in one of the directory's columns).
 */
export function BimLinkRuleForm({
  spaceId,
  pending,
  onRun,
}: {
  spaceId: string;
  pending: boolean;
  onRun: (rule: BimLinkRule) => void;
}) {
  const { t } = useTranslation("bim");
  const directories = useDirectories(spaceId);
  const [property, setProperty] = useState("Attributes.Tag");
  // "code", "<directoryId>" or "<directoryId>/<columnId>"
  const [target, setTarget] = useState("code");
  const options = [
    { value: "code", label: t("rule.workCode") },
    ...(directories.data ?? []).flatMap((directory) => [
      { value: directory.id, label: t("rule.rowCode", { directory: directory.name }) },
      ...directory.columns.map((column) => ({
        value: `${directory.id}/${column.id}`,
        label: `${directory.name} · ${column.name}`,
      })),
    ]),
  ];
  const run = () => {
    if (target === "code") return onRun({ property, equals: "code" });
    const [directoryId, columnId] = target.split("/") as [string, string | undefined];
    onRun({ property, equals: "directory", directoryId, ...(columnId ? { columnId } : {}) });
  };
  return (
    <Group gap={4} wrap="wrap" align="flex-end">
      <TextInput
        size="xs"
        style={{ flex: "1 1 140px" }}
        label={t("links.ruleProperty")}
        value={property}
        onChange={(event) => setProperty(event.currentTarget.value)}
      />
      <Select
        size="xs"
        style={{ flex: "1 1 160px" }}
        label={t("rule.equals")}
        value={target}
        onChange={(value) => setTarget(value ?? "code")}
        allowDeselect={false}
        data={options}
      />
      <Button size="xs" variant="light" loading={pending} onClick={run}>
        {t("links.byRule")}
      </Button>
    </Group>
  );
}
