import { Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import type { AttributeDto, Directory, EstimateLinkRuleBody, EstimateLinkRuleResult } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { notifyError, notifySuccess } from "../../ui/notify";
import { estimateKeys, estimatesApi } from "./estimates-api";

type By = EstimateLinkRuleBody["by"];
type Key = NonNullable<EstimateLinkRuleBody["key"]>;

/**
 * Links by a rule (issue 19): positions go to the version's works whose code, work attribute or linked directory row
 * equals the position's norm code (number, name). "Preview" shows what the rule would link and what it leaves; "Link"
 * writes it (a rerun of the same rule replaces its links; links by hand stay).
 */
export function LinkRuleForm(props: {
  projectId: string;
  estimateId: string;
  scheduleId: string | null;
  versionId: string | null;
  share(x: number): string;
}) {
  const { t } = useTranslation("estimates");
  const queryClient = useQueryClient();
  const [by, setBy] = useState<By>("code");
  const [key, setKey] = useState<Key>("normCode");
  const [attributeId, setAttributeId] = useState<string | null>(null);
  const [directoryId, setDirectoryId] = useState<string | null>(null);
  const [preview, setPreview] = useState<EstimateLinkRuleResult | null>(null);
  const attributes = useQuery({
    queryKey: ["schedules", props.scheduleId, "attributes", "all"],
    queryFn: () => api.get<AttributeDto[]>(`/schedules/${encodeURIComponent(props.scheduleId ?? "")}/attributes/all`),
    enabled: by === "attribute" && Boolean(props.scheduleId),
  });
  const directories = useQuery({
    queryKey: ["eps", props.projectId, "directories"],
    queryFn: () => api.get<Directory[]>(`/eps/${encodeURIComponent(props.projectId)}/directory/get`),
    enabled: by === "directory",
  });
  const body = (apply: boolean): EstimateLinkRuleBody => ({
    versionId: props.versionId ?? "",
    by,
    key,
    ...(by === "attribute" && attributeId ? { attributeId } : {}),
    ...(by === "directory" && directoryId ? { directoryId } : {}),
    apply,
  });
  const run = useMutation({
    mutationFn: (apply: boolean) => estimatesApi.linkByRule(props.projectId, props.estimateId, body(apply)),
    onSuccess: (result) => {
      setPreview(result);
      if (!result.applied) return;
      notifySuccess(t("rule.done", { links: result.links }));
      void queryClient.invalidateQueries({ queryKey: estimateKeys.links(props.projectId, props.estimateId) });
    },
    onError: notifyError,
  });
  const ready =
    Boolean(props.versionId) &&
    (by !== "attribute" || Boolean(attributeId)) &&
    (by !== "directory" || Boolean(directoryId));
  const changed = (apply: () => void) => {
    apply();
    setPreview(null);
  };
  return (
    <Stack gap="xs" data-testid="link-rule">
      <Text fw={600} size="sm">
        {t("rule.title")}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t("rule.key")}
          w={200}
          allowDeselect={false}
          value={key}
          onChange={(v) => changed(() => setKey((v ?? "normCode") as Key))}
          data={(["normCode", "num", "name"] as const).map((k) => ({ value: k, label: t(`rule.keys.${k}`) }))}
        />
        <Select
          label={t("rule.by")}
          w={220}
          allowDeselect={false}
          value={by}
          onChange={(v) => changed(() => setBy((v ?? "code") as By))}
          data={(["code", "attribute", "directory"] as const).map((k) => ({ value: k, label: t(`rule.bys.${k}`) }))}
        />
        {by === "attribute" && (
          <Select
            label={t("rule.attribute")}
            w={220}
            searchable
            value={attributeId}
            onChange={(v) => changed(() => setAttributeId(v))}
            data={(attributes.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        )}
        {by === "directory" && (
          <Select
            label={t("rule.directory")}
            w={220}
            searchable
            value={directoryId}
            onChange={(v) => changed(() => setDirectoryId(v))}
            data={(directories.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        )}
        <Button variant="default" disabled={!ready} loading={run.isPending} onClick={() => run.mutate(false)}>
          {t("rule.preview")}
        </Button>
        <Button disabled={!ready || preview === null || preview.links === 0} onClick={() => run.mutate(true)}>
          {t("rule.apply")}
        </Button>
      </Group>
      {preview && <RuleOutcome result={preview} share={props.share} />}
    </Stack>
  );
}

function RuleOutcome({ result, share }: { result: EstimateLinkRuleResult; share(x: number): string }) {
  const { t } = useTranslation("estimates");
  return (
    <Stack gap={4} data-testid="link-rule-outcome">
      <Text size="sm">
        {t(result.applied ? "rule.outcomeApplied" : "rule.outcome", {
          links: result.links,
          matched: result.matched,
          positions: result.positions,
        })}{" "}
        {result.alreadyLinked > 0 && t("rule.alreadyLinked", { count: result.alreadyLinked })}{" "}
        {result.unmatched > 0 && t("rule.unmatched", { count: result.unmatched })}
      </Text>
      {result.sample.length > 0 && (
        <Table miw={420} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("links.position")}</Table.Th>
              <Table.Th>{t("links.work")}</Table.Th>
              <Table.Th ta="right">{t("links.share")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.sample.map((l) => (
              <Table.Tr key={`${l.positionId}-${l.itemId}`}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  № {l.num} {l.key}
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  {l.work.code} {l.work.name}
                </Table.Td>
                <Table.Td ta="right">{share(l.share)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {result.unmatchedSample.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("rule.unmatchedList")}: {result.unmatchedSample.map((p) => `№ ${p.num} ${p.key}`.trim()).join("; ")}
        </Text>
      )}
    </Stack>
  );
}
