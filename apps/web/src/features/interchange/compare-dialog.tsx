import { Alert, Badge, Button, Group, Modal, ScrollArea, Select, Stack, Table, Text } from "@mantine/core";
import type { VersionComparison } from "@planum/contracts";
import { IconDownload, IconGitCompare } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { downloadStoredFile, interchangeApi } from "./interchange-api";

interface CompareDialogProps {
  opened: boolean;
  onClose(): void;
  scheduleId: string;
  /** The open version, compared by default with the one before it. */
  versionId: string | null;
}

/**
 * A compared value as the user reads it: "2025-01-13T08:00" → "13.01.2025 08:00" (the spec's date display), days
 * (the server sends duration and float in days of the activity's calendar) in the user's number format, a status or
 * an activity type in the user's language.
 */
function shownValue(
  field: string,
  value: string | number | null,
  t: (key: string, options?: Record<string, unknown>) => string,
  days: Intl.NumberFormat,
): string {
  if (value === null) return "—";
  if (typeof value === "number") return days.format(value);
  if (field === "status") return t(`compare.statuses.${value}`, { defaultValue: value });
  if (field === "type") return t(`workspace:types.${value}`, { defaultValue: value });
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}` : value;
}

/** Two versions side by side: activities added, removed and changed (dates, duration, name, float). */
export function CompareDialog(p: CompareDialogProps) {
  const { t, i18n } = useTranslation("interchange");
  const days = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const shown = (value: string | number | null, field = "") => shownValue(field, value, t, days);
  const versions = useQuery({
    queryKey: ["schedule", p.scheduleId, "versions"],
    queryFn: () => interchangeApi.versions(p.scheduleId),
    enabled: p.opened,
  });
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const [result, setResult] = useState<VersionComparison | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const list = versions.data ?? [];
    if (!p.opened || list.length === 0) return;
    const current = list.findIndex((v) => v.id === p.versionId);
    const other = list[current > 0 ? current - 1 : Math.min(1, list.length - 1)];
    setA((value) => value ?? other.id);
    setB((value) => value ?? p.versionId ?? list[0].id);
  }, [versions.data, p.opened, p.versionId]);

  const options = (versions.data ?? []).map((v) => ({ value: v.id, label: v.label }));
  const run = async () => {
    if (!a || !b) return;
    setBusy(true);
    try {
      setResult(await interchangeApi.compare(p.scheduleId, a, b));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    if (!a || !b) return;
    try {
      const file = await interchangeApi.exportComparison(p.scheduleId, a, b);
      await downloadStoredFile(file.fileId, file.name);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal opened={p.opened} onClose={p.onClose} title={t("compare.title")} size="xl" centered>
      <Stack gap="sm">
        <Group grow align="flex-end">
          <Select label={t("compare.versionA")} data={options} value={a} onChange={setA} allowDeselect={false} />
          <Select label={t("compare.versionB")} data={options} value={b} onChange={setB} allowDeselect={false} />
          <Button
            leftSection={<IconGitCompare size={16} />}
            onClick={() => void run()}
            loading={busy}
            disabled={!a || !b}
          >
            {t("compare.run")}
          </Button>
        </Group>
        {result && (
          <>
            <Group gap="xs">
              <Badge color="green" variant="light">
                {t("compare.added", { count: result.added.length })}
              </Badge>
              <Badge color="red" variant="light">
                {t("compare.removed", { count: result.removed.length })}
              </Badge>
              <Badge color="orange" variant="light">
                {t("compare.changed", { count: result.changed.length })}
              </Badge>
              <Badge color="gray" variant="light">
                {t("compare.unchanged", { count: result.unchanged })}
              </Badge>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconDownload size={14} />}
                onClick={() => void download()}
                ml="auto"
              >
                {t("compare.download")}
              </Button>
            </Group>
            {result.added.length + result.removed.length + result.changed.length === 0 ? (
              <Alert color="gray">{t("compare.same")}</Alert>
            ) : (
              <ScrollArea h={420} type="auto">
                <Table striped withTableBorder fz="sm" aria-label={t("compare.title")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("compare.change")}</Table.Th>
                      <Table.Th>{t("fields.id")}</Table.Th>
                      <Table.Th>{t("fields.name")}</Table.Th>
                      <Table.Th>{t("compare.field")}</Table.Th>
                      <Table.Th>{t("compare.inA")}</Table.Th>
                      <Table.Th>{t("compare.inB")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.added.map((x) => (
                      <Table.Tr key={`+${x.code}`}>
                        <Table.Td c="green">{t("compare.kind.added")}</Table.Td>
                        <Table.Td>{x.code}</Table.Td>
                        <Table.Td>{x.name}</Table.Td>
                        <Table.Td>{t("compare.dates")}</Table.Td>
                        <Table.Td>—</Table.Td>
                        <Table.Td>{`${shown(x.start)} – ${shown(x.finish)}`}</Table.Td>
                      </Table.Tr>
                    ))}
                    {result.removed.map((x) => (
                      <Table.Tr key={`-${x.code}`}>
                        <Table.Td c="red">{t("compare.kind.removed")}</Table.Td>
                        <Table.Td>{x.code}</Table.Td>
                        <Table.Td>{x.name}</Table.Td>
                        <Table.Td>{t("compare.dates")}</Table.Td>
                        <Table.Td>{`${shown(x.start)} – ${shown(x.finish)}`}</Table.Td>
                        <Table.Td>—</Table.Td>
                      </Table.Tr>
                    ))}
                    {result.changed.flatMap((x) =>
                      Object.entries(x.changes).map(([field, [was, now]]) => (
                        <Table.Tr key={`~${x.code}.${field}`}>
                          <Table.Td c="orange">{t("compare.kind.changed")}</Table.Td>
                          <Table.Td>{x.code}</Table.Td>
                          <Table.Td>{x.name}</Table.Td>
                          <Table.Td>{t(`compare.fields.${field}`, { defaultValue: field })}</Table.Td>
                          <Table.Td>{shown(was, field)}</Table.Td>
                          <Table.Td>{shown(now, field)}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </>
        )}
        {!result && <Text c="dimmed">{t("compare.hint")}</Text>}
      </Stack>
    </Modal>
  );
}
