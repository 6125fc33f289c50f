import { Button, Group, Select, Stack, Text, UnstyledButton } from "@mantine/core";
import type { BimLinkRule, BimModel } from "@planum/contracts";
import { IconLink, IconLinkOff } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { Bim4dPlayer } from "./bim-4d-player";
import { BimDeviation } from "./bim-deviation";
import { BimLinkRuleForm } from "./bim-link-rule";
import { bimLinkKeys, bimLinksApi } from "./bim-links-api";

/** Linked elements are tinted so the unlinked rest stands out. */
const LINKED = "#4dabf7";

interface Props {
  spaceId: string;
  model: BimModel;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** Colours of elements (null: their own), shown by the scene. */
  onTint: (tints: Map<number, string | null>) => void;
}

/**
 * Links of the opened model to a schedule version: choose or make a link, tie the selected elements to a work
 * (by hand) or every element whose property equals a work's code (by rule), see the selected element's works and
 * select a work's elements. Linked elements are tinted.
 */
export function BimLinksPanel({ spaceId, model, selected, onSelect, onTint }: Props) {
  const { t } = useTranslation("bim");
  const queryClient = useQueryClient();
  const projectId = model.projectId;
  const links = useQuery({
    queryKey: bimLinkKeys.links(spaceId, projectId),
    queryFn: () => bimLinksApi.links(projectId),
  });
  const ofModel = (links.data ?? []).filter((l) => l.modelIds.includes(model.id));
  const [linkId, setLinkId] = useState<string | null>(null);
  const link = ofModel.find((l) => l.id === linkId) ?? ofModel[0] ?? null;
  const versions = useQuery({
    queryKey: ["space", spaceId, "bim", projectId, "versions"],
    queryFn: () => bimLinksApi.versions(projectId),
    enabled: links.isSuccess && ofModel.length === 0,
  });
  const works = useQuery({
    queryKey: bimLinkKeys.works(spaceId, link?.versionId ?? ""),
    queryFn: () => bimLinksApi.works(link!.versionId),
    enabled: link !== null,
  });
  const relations = useQuery({
    queryKey: bimLinkKeys.relations(spaceId, link?.id ?? ""),
    queryFn: () => bimLinksApi.relations(link!.versionId, link!.id),
    enabled: link !== null,
  });
  const mine = useMemo(() => (relations.data ?? []).filter((r) => r.modelId === model.id), [relations.data, model.id]);
  const workById = useMemo(() => new Map((works.data ?? []).map((w) => [w.id, w])), [works.data]);

  // what colours the tied elements: the link's own tint, the 4D player or the deviation from the target
  const [mode, setMode] = useState<"links" | "4d" | "deviation">("links");
  useEffect(() => {
    if (mode !== "links") return;
    const tints = new Map<number, string | null>();
    for (const relation of mine) tints.set(relation.expressId, LINKED);
    onTint(tints);
    return () => onTint(new Map([...tints.keys()].map((id) => [id, null])));
  }, [mine, onTint, mode]);

  const [workId, setWorkId] = useState<string | null>(null);
  const [told, setTold] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bimLinkKeys.relations(spaceId, link?.id ?? "") });
    void queryClient.invalidateQueries({ queryKey: bimLinkKeys.links(spaceId, projectId) });
  };
  const create = useMutation({
    mutationFn: (versionId: string) => {
      const found = versions.data?.find((v) => v.version.id === versionId);
      const name = `${found?.schedule.name ?? ""} · ${found?.version.label ?? ""}`.slice(0, 32);
      return bimLinksApi.save(projectId, { name, versionId, modelIds: [model.id] });
    },
    onSuccess: (created) => {
      setLinkId(created.id);
      void queryClient.invalidateQueries({ queryKey: bimLinkKeys.links(spaceId, projectId) });
    },
    onError: notifyError,
  });
  const tie = useMutation({
    mutationFn: () =>
      bimLinksApi.tie(link!.versionId, link!.id, {
        modelId: model.id,
        expressIds: selected,
        itemIds: [Number(workId)],
      }),
    onSuccess: (answer) => {
      setTold(t("links.tied", { count: answer.created }));
      refresh();
    },
    onError: notifyError,
  });
  const byRule = useMutation({
    mutationFn: (rule: BimLinkRule) => bimLinksApi.tieByRule(link!.versionId, link!.id, rule),
    onSuccess: (answer) => {
      setTold(t("links.tied", { count: answer.created }));
      refresh();
    },
    onError: notifyError,
  });
  const untie = useMutation({
    mutationFn: (itemId: number) =>
      bimLinksApi.untie(link!.versionId, link!.id, { modelId: model.id, expressIds: selected, itemIds: [itemId] }),
    onSuccess: refresh,
    onError: notifyError,
  });

  if (links.isPending) return null;
  if (!link)
    return (
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t("links.title")}
        </Text>
        <Select
          size="xs"
          placeholder={t("links.chooseVersion")}
          aria-label={t("links.chooseVersion")}
          data={(versions.data ?? []).map(({ schedule, version }) => ({
            value: version.id,
            label: `${schedule.name} · ${version.label}`,
          }))}
          onChange={(value) => value && create.mutate(value)}
          nothingFoundMessage={t("links.noVersions")}
        />
      </Stack>
    );

  const selectedWorks = [...new Set(mine.filter((r) => selected.includes(r.expressId)).map((r) => r.itemId))];
  const elementsOf = (itemId: number) => mine.filter((r) => r.itemId === itemId).map((r) => r.expressId);
  const workLabel = (itemId: number) => {
    const work = workById.get(itemId);
    return work ? `${work.code} ${work.name}`.trim() : String(itemId);
  };

  return (
    <Stack gap={4} data-testid="bim-links">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {t("links.title")}
        </Text>
        {ofModel.length > 1 ? (
          <Select
            size="xs"
            w={180}
            value={link.id}
            onChange={setLinkId}
            data={ofModel.map((l) => ({ value: l.id, label: l.name }))}
            aria-label={t("links.title")}
          />
        ) : (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {link.name}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="bim-links-count">
        {t("links.count", { count: mine.length })}
      </Text>
      <Bim4dPlayer
        ties={mine}
        works={workById}
        on={mode === "4d"}
        onOn={(on) => setMode(on ? "4d" : "links")}
        onTint={onTint}
      />
      <BimDeviation
        spaceId={spaceId}
        versionId={link.versionId}
        linkId={link.id}
        modelId={model.id}
        on={mode === "deviation"}
        onOn={(on) => setMode(on ? "deviation" : "links")}
        onTint={onTint}
      />
      {selected.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" fw={600}>
            {t("links.worksOfSelection")}
          </Text>
          {selectedWorks.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t("links.noWorks")}
            </Text>
          ) : null}
          {selectedWorks.map((itemId) => (
            <Group key={itemId} gap={4} wrap="nowrap" justify="space-between">
              <UnstyledButton onClick={() => onSelect(elementsOf(itemId))} data-testid="bim-linked-work">
                <Text size="xs" c="blue" style={{ overflowWrap: "anywhere" }}>
                  {workLabel(itemId)} ({elementsOf(itemId).length})
                </Text>
              </UnstyledButton>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconLinkOff size={12} />}
                onClick={() => untie.mutate(itemId)}
              >
                {t("links.untie")}
              </Button>
            </Group>
          ))}
          <Group gap={4} wrap="wrap" align="flex-end">
            <Select
              size="xs"
              searchable
              style={{ flex: "1 1 160px" }}
              placeholder={t("links.chooseWork")}
              aria-label={t("links.chooseWork")}
              value={workId}
              onChange={setWorkId}
              limit={100}
              data={(works.data ?? [])
                .filter((w) => w.type !== "sum")
                .map((w) => ({ value: String(w.id), label: `${w.code} ${w.name}`.trim() }))}
            />
            <Button
              size="xs"
              leftSection={<IconLink size={14} />}
              disabled={workId === null}
              loading={tie.isPending}
              onClick={() => tie.mutate()}
            >
              {t("links.tie")}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <BimLinkRuleForm spaceId={spaceId} pending={byRule.isPending} onRun={(rule) => byRule.mutate(rule)} />
      {told ? (
        <Text size="xs" role="status">
          {told}
        </Text>
      ) : null}
    </Stack>
  );
}
