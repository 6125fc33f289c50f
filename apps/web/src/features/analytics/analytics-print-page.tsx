import { Alert, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { type AnalyticsDashboardData, type EpsNode, toLanguage } from "@planum/contracts";
import { IconPrinter } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { api } from "../../shared/api-client";
import { shownDate } from "../../shared/date-format";
import { analyticsKeys } from "./analytics-api";
import { EarnedValueFigures } from "./analytics-tab";

const SCurveChart = lazy(() => import("./s-curve-chart").then((m) => ({ default: m.SCurveChart })));

/** The sheets a dashboard prints on (`{format}` of the page's address): ISO paper, portrait or landscape. */
const SHEETS = {
  a4: { width: 210, css: "A4 portrait" },
  "a4-landscape": { width: 297, css: "A4 landscape" },
  a3: { width: 297, css: "A3 portrait" },
  "a3-landscape": { width: 420, css: "A3 landscape" },
} as const;
type Sheet = keyof typeof SHEETS;
const isSheet = (v: string | undefined): v is Sheet => !!v && v in SHEETS;

/**
 * The print view of a structure node's dashboard (spec §2 `/{space_id}/analytics/print/{value}/{format}`): `value` is
 * the node (EPS node, facility or project; its schedules rolled up), `format` the sheet. The page is laid out at the
 * sheet's width with the S-curve of cost, earned value, the works counted and the indicators; the browser's print
 * (the button, or Ctrl+P) gives the sheet without the application's header. The PDF of the printing issue reuses it.
 */
export function AnalyticsPrintPage() {
  const { t, i18n } = useTranslation("analytics");
  const { spaceId = "", value = "", format } = useParams();
  const node = useQuery({
    queryKey: ["space", spaceId, "eps", value],
    queryFn: () => api.get<EpsNode>(`/eps/${value}`),
  });
  const base = `/eps/${value}/analytics`;
  const data = useQuery({
    queryKey: [...analyticsKeys.all(spaceId), "print", value],
    queryFn: () => api.get<AnalyticsDashboardData>(`${base}/dashboard?measure=cost&period=week&cumulative=true`),
  });
  if (!isSheet(format))
    return (
      <Alert color="red" m="md" data-testid="print-format-unknown">
        {t("print.unknownFormat", { format: format ?? "", formats: Object.keys(SHEETS).join(", ") })}
      </Alert>
    );
  if (node.isError || data.isError)
    return (
      <Alert color="red" m="md">
        {t("print.notFound")}
      </Alert>
    );
  const sheet = SHEETS[format];
  const number = new Intl.NumberFormat(toLanguage(i18n.language) ?? undefined, { maximumFractionDigits: 2 });
  const count = data.data?.stats.count;
  return (
    <Box p="md" data-testid="analytics-print">
      {/* The sheet's size, and nothing of the application around the page on paper. */}
      <style>{`@page { size: ${sheet.css}; margin: 10mm; }
        @media print { body * { visibility: hidden; } [data-print-page], [data-print-page] * { visibility: visible; }
          [data-print-page] { position: absolute; left: 0; top: 0; width: 100%; } [data-print-hide] { display: none; } }`}</style>
      <Group justify="space-between" mb="sm" data-print-hide>
        <Text size="sm" c="dimmed">
          {t("print.hint", { format: format.toUpperCase() })}
        </Text>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t("print.print")}
        </Button>
      </Group>
      <Paper
        withBorder
        p="md"
        mx="auto"
        maw={`${sheet.width}mm`}
        w="100%"
        data-print-page
        data-testid="print-sheet"
        data-sheet={format}
      >
        {!node.data || !data.data || !count ? (
          <Skeleton h={400} />
        ) : (
          <Stack gap="md">
            <Group justify="space-between" align="end" wrap="wrap">
              <Title order={1} fz="xl">
                {node.data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t("statusDate", { date: shownDate(data.data.series.statusDate) })} ·{" "}
                {t("print.printed", { date: shownDate(new Date().toISOString().slice(0, 10)) })}
              </Text>
            </Group>
            <Title order={2} fz="md">
              {t("curveTitle", { measure: t("measures.cost") })}
            </Title>
            {data.data.series.curves.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("noData")}
              </Text>
            ) : (
              <Suspense fallback={<Skeleton h={280} />}>
                <SCurveChart series={data.data.series} height={280} />
              </Suspense>
            )}
            <EarnedValueFigures ev={data.data.stats.earnedValue} />
            <SimpleGrid cols={2} spacing="md">
              <Table withTableBorder data-testid="print-counts">
                <Table.Tbody>
                  {(["works", "notStarted", "inProgress", "completed", "critical", "delayed"] as const).map((key) => (
                    <Table.Tr key={key}>
                      <Table.Td>{t(`counts.${key}`)}</Table.Td>
                      <Table.Td ta="right">{number.format(count[key])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Table withTableBorder data-testid="print-indicators">
                <Table.Tbody>
                  {data.data.indicators.length === 0 ? (
                    <Table.Tr>
                      <Table.Td c="dimmed">{t("indicators.noneHere")}</Table.Td>
                    </Table.Tr>
                  ) : (
                    data.data.indicators.map((i) => (
                      <Table.Tr key={i.key} data-testid={`print-indicator-${i.key}`}>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{i.name}</Table.Td>
                        <Table.Td ta="right" fw={600} c={i.colour ?? undefined}>
                          {i.value === null ? "—" : number.format(i.value)}
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </SimpleGrid>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
