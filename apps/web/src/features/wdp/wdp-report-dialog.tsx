import { Button, Group, Loader, Modal, Select, Table, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { WDP_MEASURES, type WdpChange, type WdpMeasure, type WdpReport } from "@planum/contracts";
import { IconDownload } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifyErrors } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { wdpFilesApi, wdpReportKey } from "./wdp-files-api";
import { formatCell, readCell } from "./wdp-numbers";

type Row = WdpReport["rows"][number];
export type RunChange = (
  action: string,
  itemIds: number[],
  send: () => Promise<WdpChange>,
) => Promise<WdpChange | null>;

/** Depth of each row in the tree (a summary's children one step in), for the indentation of the work column. */
function depths(rows: readonly Row[]): Map<number, number> {
  const parent = new Map(rows.map((r) => [r.itemId, r.parentId]));
  const out = new Map<number, number>();
  const depthOf = (id: number): number => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const p = parent.get(id);
    const d = p != null && parent.has(p) ? depthOf(p) + 1 : 0;
    out.set(id, d);
    return d;
  };
  for (const r of rows) depthOf(r.itemId);
  return out;
}

/**
 * The WDP report (GET /versions/{id}/wdp/report): plan against fact per work for a period, summaries rolled up,
 * the version's total; a work's fact of the period can be typed here (PATCH …/wdp/report-edit spreads it over the
 * work's working days of the period), and the whole report downloads as XLSX.
 */
export function WdpReportDialog(p: {
  onClose: () => void;
  scheduleId: string;
  versionId: string;
  measure: WdpMeasure;
  from: string;
  to: string;
  readOnly: boolean;
  run: RunChange;
}) {
  const { t, i18n } = useTranslation("wdp");
  const locale = i18n.language;
  const narrow = !(useMediaQuery("(min-width: 48em)", true) ?? true);
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(p.from);
  const [to, setTo] = useState(p.to);
  const [measure, setMeasure] = useState<WdpMeasure>(p.measure);
  const [downloading, setDownloading] = useState(false);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const key = wdpReportKey(p.versionId, from, to, measure);
  const report = useQuery({
    queryKey: key,
    queryFn: () => wdpFilesApi.report(p.versionId, { from, to, measure }),
    enabled: valid,
  });
  const rows = report.data?.rows ?? [];
  const depth = useMemo(() => depths(rows), [rows]);
  const num = (v: number) => formatCell(v, locale) || "0";

  const download = async () => {
    setDownloading(true);
    try {
      const file = await wdpFilesApi.exportReport(p.versionId, { from, to, measure });
      await downloadStoredFile(file.fileId, file.name);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  /** A work's fact of the period as typed: refused like a grid cell when it is no number, else spread by the server. */
  const setFact = async (row: Row, text: string, shown: string) => {
    if (text.trim() === shown.trim()) return;
    const reading = readCell(text);
    if (!reading.ok) {
      notifyErrors([{ code: "InvalidValue", message: t(`numberError.${reading.reason}`) }]);
      return;
    }
    const change = await p.run("allocate_fact", [row.itemId], () =>
      wdpFilesApi.reportEdit(p.scheduleId, {
        versionId: p.versionId,
        itemId: row.itemId,
        measure,
        kind: "fact",
        total: reading.value,
        from,
        to,
      }),
    );
    if (change) void queryClient.invalidateQueries({ queryKey: key });
  };
  const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.currentTarget.blur();
  };

  const total = report.data?.total;
  return (
    <Modal opened onClose={p.onClose} title={t("report.title")} size="80rem" fullScreen={narrow}>
      <Group gap="xs" align="flex-end" wrap="wrap" mb="sm">
        <TextInput
          type="date"
          size="xs"
          label={t("filters.from")}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          error={!valid}
        />
        <TextInput
          type="date"
          size="xs"
          label={t("filters.to")}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={!valid}
        />
        <Select
          label={t("measure")}
          size="xs"
          w={220}
          data={WDP_MEASURES.map((m) => ({ value: m, label: t(`measures.${m}`) }))}
          value={measure}
          onChange={(v) => v && setMeasure(v as WdpMeasure)}
          allowDeselect={false}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          disabled={!valid}
          onClick={() => void download()}
          ml={narrow ? undefined : "auto"}
        >
          {t("report.download")}
        </Button>
      </Group>
      {!p.readOnly && (
        <Text size="xs" c="dimmed" mb="xs">
          {t("report.hint")}
        </Text>
      )}
      {report.isPending && valid ? (
        <Group justify="center" p="lg">
          <Loader />
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={820} maxHeight={narrow ? undefined : "70vh"}>
          <Table striped highlightOnHover stickyHeader aria-label={t("report.title")} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("grid.code")}</Table.Th>
                <Table.Th>{t("grid.name")}</Table.Th>
                <Table.Th>{t("report.unit")}</Table.Th>
                <Table.Th ta="right">{t("kinds.plan")}</Table.Th>
                <Table.Th ta="right">{t("kinds.fact")}</Table.Th>
                <Table.Th ta="right">{t("kinds.approved_plan")}</Table.Th>
                <Table.Th ta="right">{t("report.deviation")}</Table.Th>
                <Table.Th ta="right">{t("report.percent")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const sum = row.type === "sum";
                return (
                  <Table.Tr key={row.itemId} fw={sum ? 600 : undefined} data-code={row.code}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{row.code}</Table.Td>
                    <Table.Td style={{ paddingLeft: 8 + 14 * (depth.get(row.itemId) ?? 0) }}>{row.name}</Table.Td>
                    <Table.Td>{row.unit ?? ""}</Table.Td>
                    <Table.Td ta="right">{num(row.plan)}</Table.Td>
                    <Table.Td ta="right">
                      {sum || p.readOnly ? (
                        num(row.fact)
                      ) : (
                        <TextInput
                          key={`${row.itemId}:${row.fact}:${from}:${to}:${measure}`}
                          size="xs"
                          w={110}
                          ml="auto"
                          styles={{ input: { textAlign: "right" } }}
                          aria-label={t("report.factOf", { work: row.code || row.name })}
                          defaultValue={row.fact === 0 ? "" : num(row.fact)}
                          placeholder="0"
                          onKeyDown={commitOnEnter}
                          onBlur={(e) => void setFact(row, e.currentTarget.value, e.currentTarget.defaultValue)}
                        />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{num(row.approvedPlan)}</Table.Td>
                    <Table.Td ta="right" c={row.deviation < 0 ? "red" : row.deviation > 0 ? "teal" : undefined}>
                      {num(row.deviation)}
                    </Table.Td>
                    <Table.Td ta="right">{row.percent === null ? "—" : `${num(row.percent)} %`}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            {total && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>{t("grid.total")}</Table.Td>
                  <Table.Td ta="right">{num(total.plan)}</Table.Td>
                  <Table.Td ta="right">{num(total.fact)}</Table.Td>
                  <Table.Td ta="right">{num(total.approvedPlan)}</Table.Td>
                  <Table.Td ta="right">{num(Math.round((total.fact - total.plan) * 1000) / 1000)}</Table.Td>
                  <Table.Td ta="right">
                    {total.plan > 0 ? `${num(Math.round((total.fact / total.plan) * 1000) / 10)} %` : "—"}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
