import {
  Badge,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  NumberInput,
  Paper,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { EstimateSummary, EstimateTree } from "@planum/contracts";
import { IconBook, IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CompliancePanel } from "./compliance-panel";
import { EstimateLinksPanel } from "./estimate-links-panel";
import { estimateKeys, estimatesApi, useCoefficients, useEstimates, useEstimateTree } from "./estimates-api";
import { PdcPanel, pdcKey, usePdc } from "./pdc-panel";
import { ReferencesDrawer } from "./references-drawer";
import { useUploadProgress } from "./use-upload-progress";
import { useChosenVersion, VersionCostsPanel } from "./version-costs-panel";

/**
 * /{space}/estimates/{project} (spec §1 "cost estimates", §7 Costr): the project's estimates — upload a file (its
 * progress from the `estimate_upload` / `estimate_processing` events), the list with totals, and one estimate's tree
 * of sections and positions with their money after the coefficients applied to it.
 */
export function EstimatesPage() {
  const { t, i18n } = useTranslation("estimates");
  const { spaceId = "", projectId = "" } = useParams();
  const [references, setReferences] = useState(false);
  const queryClient = useQueryClient();
  const estimates = useEstimates(projectId);
  const [selected, setSelected] = useState<string | null>(null);
  const [skipRows, setSkipRows] = useState<number>(0);
  const [pdcId, setPdcId] = useState<string | null>(null);
  const pdc = usePdc(projectId).data ?? [];
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const chosen = useChosenVersion(projectId);
  const { progress, started } = useUploadProgress(projectId, (estimateId) => {
    void queryClient.invalidateQueries({ queryKey: estimateKeys.list(projectId) });
    // The sets count their estimates.
    void queryClient.invalidateQueries({ queryKey: pdcKey(projectId) });
    if (estimateId) setSelected(estimateId);
  });

  const upload = useMutation({
    mutationFn: (file: File) => estimatesApi.upload(projectId, file, skipRows, pdcId),
    onSuccess: ({ jobId }) => started(jobId),
  });
  const remove = useMutation({
    mutationFn: (id: string) => estimatesApi.remove(projectId, id),
    onSuccess: () => {
      setSelected(null);
      void queryClient.invalidateQueries({ queryKey: estimateKeys.list(projectId) });
      void queryClient.invalidateQueries({ queryKey: pdcKey(projectId) });
    },
  });

  if (!estimates.data)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  const current = selected ?? estimates.data[0]?.id ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t("title")}
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <NumberInput
            label={t("skipRows")}
            min={0}
            max={1000}
            w={200}
            value={skipRows}
            onChange={(v) => setSkipRows(typeof v === "number" ? v : 0)}
          />
          {pdc.length > 0 && (
            <Select
              label={t("pdc.forUpload")}
              w={220}
              clearable
              value={pdcId}
              onChange={setPdcId}
              data={pdc.map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
            />
          )}
          <Button variant="default" leftSection={<IconBook size={16} />} onClick={() => setReferences(true)}>
            {t("refs.open")}
          </Button>
          <FileButton onChange={(file) => file && upload.mutate(file)} accept=".xlsx,.xml,.gge,.arp,.txt">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {t("upload")}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {progress ? (
        <Stack gap={4} data-testid="estimate-progress">
          <Text size="sm">{t("processing", { percent: progress.percent })}</Text>
          <Progress value={progress.percent} />
        </Stack>
      ) : null}
      {estimates.data.length === 0 ? (
        <Text c="dimmed">{t("empty")}</Text>
      ) : (
        <EstimateList
          estimates={estimates.data}
          current={current}
          onSelect={setSelected}
          format={(x) => money.format(x)}
        />
      )}
      <VersionCostsPanel chosen={chosen} format={(x) => money.format(x)} />
      <PdcPanel projectId={projectId} />
      <ReferencesDrawer
        spaceId={spaceId}
        opened={references}
        onClose={() => setReferences(false)}
        number={(x) => number.format(x)}
      />
      {current ? (
        <EstimateView
          projectId={projectId}
          estimateId={current}
          scheduleId={chosen.schedule}
          versionId={chosen.version}
          format={(x) => money.format(x)}
          quantity={(x) => number.format(x)}
          onDelete={() => remove.mutate(current)}
        />
      ) : null}
    </Stack>
  );
}

function EstimateList(props: {
  estimates: EstimateSummary[];
  current: string | null;
  onSelect(id: string): void;
  format(x: number): string;
}) {
  const { t } = useTranslation("estimates");
  return (
    <ScrollArea type="auto">
      <Table highlightOnHover miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("code")}</Table.Th>
            <Table.Th>{t("name")}</Table.Th>
            <Table.Th>{t("format")}</Table.Th>
            <Table.Th ta="right">{t("positions")}</Table.Th>
            <Table.Th ta="right">{t("total")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.estimates.map((e) => (
            <Table.Tr
              key={e.id}
              onClick={() => props.onSelect(e.id)}
              style={{ cursor: "pointer" }}
              bg={e.id === props.current ? "var(--mantine-primary-color-light)" : undefined}
            >
              <Table.Td>{e.code}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{e.name}</Table.Td>
              <Table.Td>{t(`formats.${e.format}`)}</Table.Td>
              <Table.Td ta="right">{e.positionCount}</Table.Td>
              <Table.Td ta="right">{props.format(e.totals.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** One estimate: its coefficients (apply one to the whole estimate or a section) and the tree with totals. */
function EstimateView(props: {
  projectId: string;
  estimateId: string;
  /** The schedule and version works are linked in (chosen on the page). */
  scheduleId: string | null;
  versionId: string | null;
  format(x: number): string;
  quantity(x: number): string;
  onDelete(): void;
}) {
  const { t } = useTranslation("estimates");
  const queryClient = useQueryClient();
  const tree = useEstimateTree(props.projectId, props.estimateId);
  const coefficients = useCoefficients();
  const [coefficientId, setCoefficientId] = useState<string | null>(null);
  const [target, setTarget] = useState<string>("estimate");
  const store = (next: EstimateTree) => {
    queryClient.setQueryData(estimateKeys.tree(props.projectId, props.estimateId), next);
    void queryClient.invalidateQueries({ queryKey: estimateKeys.list(props.projectId) });
  };
  const apply = useMutation({
    mutationFn: () =>
      estimatesApi.apply(props.projectId, props.estimateId, {
        coefficientId: coefficientId ?? "",
        sectionId: target === "estimate" ? null : target,
      }),
    onSuccess: store,
  });
  const unapply = useMutation({
    mutationFn: (useId: string) => estimatesApi.unapply(props.projectId, props.estimateId, useId),
    onSuccess: store,
  });
  if (!tree.data) return <Loader />;
  const data = tree.data;
  const sectionName = new Map(data.sections.map((s) => [s.id, s.name]));
  const where = (c: EstimateTree["coefficients"][number]) =>
    c.positionId ? t("wherePosition") : c.sectionId ? (sectionName.get(c.sectionId) ?? "") : t("whereEstimate");
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz={{ base: 18, sm: 22 }} style={{ overflowWrap: "anywhere" }}>
          {data.estimate.code} {data.estimate.name}
        </Title>
        <Group gap="md" wrap="wrap">
          <Text fw={600} data-testid="estimate-total">
            {t("totalWith", { total: props.format(data.estimate.totals.total) })}
          </Text>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete}>
            {t("delete")}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Text fw={600}>{t("coefficients")}</Text>
          {data.coefficients.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("noCoefficients")}
            </Text>
          ) : (
            data.coefficients.map((c) => (
              <Group key={c.id} gap="xs" wrap="wrap">
                <Badge variant="light">{t(`kinds.${c.kind}`)}</Badge>
                <Text size="sm">
                  {c.code} × {props.quantity(c.value)} — {where(c)}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => unapply.mutate(c.id)}>
                  {t("remove")}
                </Button>
              </Group>
            ))
          )}
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t("coefficient")}
              w={240}
              value={coefficientId}
              onChange={setCoefficientId}
              data={(coefficients.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))}
            />
            <Select
              label={t("appliesTo")}
              w={240}
              allowDeselect={false}
              value={target}
              onChange={(v) => v && setTarget(v)}
              data={[
                { value: "estimate", label: t("whereEstimate") },
                ...data.sections.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
            <Button disabled={!coefficientId} loading={apply.isPending} onClick={() => apply.mutate()}>
              {t("apply")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <CompliancePanel
        projectId={props.projectId}
        estimateId={props.estimateId}
        format={props.format}
        quantity={props.quantity}
      />
      <EstimateLinksPanel
        projectId={props.projectId}
        estimateId={props.estimateId}
        scheduleId={props.scheduleId}
        versionId={props.versionId}
        tree={data}
        share={props.quantity}
      />
      <ScrollArea type="auto">
        <Table miw={820} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("num")}</Table.Th>
              <Table.Th>{t("normCode")}</Table.Th>
              <Table.Th>{t("name")}</Table.Th>
              <Table.Th>{t("unit")}</Table.Th>
              <Table.Th ta="right">{t("quantity")}</Table.Th>
              <Table.Th ta="right">{t("wages")}</Table.Th>
              <Table.Th ta="right">{t("materials")}</Table.Th>
              <Table.Th ta="right">{t("total")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.sections.map((s) => [
              <Table.Tr key={s.id}>
                <Table.Td colSpan={7} fw={600}>
                  {s.name}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {props.format(s.totals.total)}
                </Table.Td>
              </Table.Tr>,
              ...s.positions.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.num}</Table.Td>
                  <Table.Td>{p.normCode}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{p.name}</Table.Td>
                  <Table.Td>{p.unit}</Table.Td>
                  <Table.Td ta="right">{props.quantity(p.quantity)}</Table.Td>
                  <Table.Td ta="right">{props.format(p.priced.wages)}</Table.Td>
                  <Table.Td ta="right">{props.format(p.priced.materials)}</Table.Td>
                  <Table.Td ta="right">{props.format(p.priced.total)}</Table.Td>
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
