import { ActionIcon, Box, Group, Loader, Select, Stack, Text, Tooltip, useComputedColorScheme } from "@mantine/core";
import type { BimPrimitive, ScheduleDto } from "@planum/contracts";
import { IconMaximize } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { errorsOf } from "../../shared/api-error";
import { describeError } from "../../ui/notify";
import { Bim4dPlayer } from "./bim-4d-player";
import { bimLinkKeys, bimLinksApi } from "./bim-links-api";
import { primitivePlacement } from "./bim-primitive-shapes";
import { bimPrimitiveKeys, bimPrimitivesApi, primitiveKey } from "./bim-primitives-api";
import type { BimScene } from "./bim-scene";
import { useSceneClick } from "./use-scene-click";
import { GeometryProgressNote, useStreamedGeometry } from "./use-streamed-geometry";

const BACKGROUND = { light: "#f1f3f5", dark: "#1f2125" } as const;
/** Elements tied to some work of the version, so what the schedule does not cover stands out. */
const LINKED = "#4dabf7";
const NO_SHAPES: BimPrimitive[] = [];

interface Props {
  spaceId: string;
  scheduleId: string;
  versionId: string;
  /** The Gantt's selection: their elements are highlighted and framed. */
  selectedWorks: number[];
  /** A picked element's works become the Gantt's selection. */
  onSelectWorks: (ids: number[]) => void;
}

/**
 * The 3D view in the schedule workspace's dock, tied to the Gantt: the works selected there light up their elements
 * and the camera frames them; a click on an element selects its works in the Gantt. It shows a model of a 3D link
 * of the open version (a link made in the project's "3D models" tab) and the site layouts of the project and its
 * ancestors (their primitive shapes), which answer the Gantt the same way through the works they are tied to. The
 * 4D player colours every tied element and shape by its works' status at its date.
 */
export function BimWorkspacePanel({ spaceId, scheduleId, versionId, selectedWorks, onSelectWorks }: Props) {
  const { t } = useTranslation("bim");
  const scheme = useComputedColorScheme("light");
  const links = useQuery({
    queryKey: ["space", spaceId, "bim-schedule-links", scheduleId],
    queryFn: () => bimLinksApi.ofSchedule(scheduleId),
  });
  const ofVersion = useMemo(() => (links.data ?? []).filter((l) => l.versionId === versionId), [links.data, versionId]);
  const [choice, setChoice] = useState<string | null>(null);
  // one choice names a link and one of its models: "linkId/modelId"
  const options = ofVersion.flatMap((link) =>
    link.modelIds.map((modelId, index) => ({
      value: `${link.id}/${modelId}`,
      label: link.modelIds.length > 1 ? `${link.name} · ${index + 1}` : link.name,
    })),
  );
  const chosen = options.find((o) => o.value === choice) ?? options[0] ?? null;
  const [linkId, modelId] = chosen ? (chosen.value.split("/") as [string, string]) : [null, null];
  const link = ofVersion.find((l) => l.id === linkId) ?? null;

  const relations = useQuery({
    queryKey: bimLinkKeys.relations(spaceId, linkId ?? ""),
    queryFn: () => bimLinksApi.relations(versionId, linkId!),
    enabled: linkId !== null,
  });
  const modelTies = useMemo(
    () => (relations.data ?? []).filter((r) => r.modelId === modelId),
    [relations.data, modelId],
  );

  // The primitives of the project and of its ancestors' site plans (a facility's layout around its buildings); a
  // member who may not read the structure simply sees none.
  const schedule = useQuery({
    queryKey: ["space", spaceId, "schedule", scheduleId],
    queryFn: () => api.get<ScheduleDto>(`/schedules/${encodeURIComponent(scheduleId)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const projectId = schedule.data?.projectId ?? null;
  const primitives = useQuery({
    queryKey: bimPrimitiveKeys.ofLineage(spaceId, projectId ?? ""),
    queryFn: () => bimPrimitivesApi.withAncestors(projectId!),
    enabled: projectId !== null,
    retry: false,
  });
  const shapes = primitives.data ?? NO_SHAPES;
  // The version's works: which shapes stand for them, and their dates for the 4D player.
  const works = useQuery({
    queryKey: bimLinkKeys.works(spaceId, versionId),
    queryFn: () => bimLinksApi.works(versionId),
    enabled: link !== null || shapes.length > 0,
  });
  const workById = useMemo(() => new Map((works.data ?? []).map((w) => [w.id, w])), [works.data]);
  const ties = useMemo(
    () => [
      ...modelTies,
      ...shapes.flatMap((p, index) =>
        p.itemIds
          .filter((itemId) => workById.has(itemId))
          .map((itemId) => ({ modelId: "", expressId: primitiveKey(index), itemId })),
      ),
    ],
    [modelTies, shapes, workById],
  );

  // The scene streams the model's geometry as the project's viewer does (the shapes alone: an empty scene); the
  // canvas is on the page once there is a model or shapes to show.
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [scene, setScene] = useState<BimScene | null>(null);
  const initialBackground = useRef(BACKGROUND[scheme]);
  const hasShapes = shapes.length > 0;
  const shownModel = useMemo(
    () => (link && modelId ? { projectId: link.projectId, id: modelId } : null),
    [link, modelId],
  );
  const loading = useStreamedGeometry(host, shownModel, initialBackground.current, setScene);
  const complete = loading.state === "done";
  const framed = useRef(false);
  useEffect(() => {
    if (!scene) return;
    scene.setPrimitives(
      shapes.map((p, index) => ({ key: primitiveKey(index), colour: p.colour, ...primitivePlacement(p) })),
    );
    // Without a model the shapes are all there is: frame them once.
    if (!link && shapes.length > 0 && !framed.current) {
      framed.current = true;
      scene.fit();
    }
  }, [scene, shapes, link]);
  useEffect(() => scene?.setBackground(BACKGROUND[scheme]), [scene, scheme]);
  // Tied elements and shapes in the linked blue, or in their status colours at the player's date while it is on.
  const [playing, setPlaying] = useState(false);
  const tint = useCallback((tints: Map<number, string | null>) => scene?.colour(tints), [scene]);
  useEffect(() => {
    if (!scene || playing) return;
    scene.colour(new Map(ties.map((tie) => [tie.expressId, LINKED])));
  }, [scene, ties, playing]);

  // Gantt → 3D: the selected works' elements, framed once the model is all there (until then the camera follows the
  // growing model) — unless the selection came from a click in this view, which would move the camera under the
  // user's pointer.
  const pickedHere = useRef(false);
  const highlighted = useMemo(() => {
    const works = new Set(selectedWorks);
    return [...new Set(ties.filter((tie) => works.has(tie.itemId)).map((tie) => tie.expressId))];
  }, [ties, selectedWorks]);
  useEffect(() => {
    if (!scene) return;
    scene.select(highlighted);
    if (!complete) return;
    if (highlighted.length > 0 && !pickedHere.current) scene.fit(highlighted);
    pickedHere.current = false;
  }, [scene, highlighted, complete]);

  // 3D → Gantt: a click that did not drag picks an element; its works become the Gantt's selection.
  const tiesNow = useRef(ties);
  tiesNow.current = ties;
  const select = useRef(onSelectWorks);
  select.current = onSelectWorks;
  const [untied, setUntied] = useState(false);
  useSceneClick(scene, (scene, x, y) => {
    const id = scene.pick(x, y);
    const works =
      id === null ? [] : [...new Set(tiesNow.current.filter((t) => t.expressId === id).map((t) => t.itemId))];
    setUntied(id !== null && works.length === 0);
    if (id !== null) scene.select([id]);
    if (works.length > 0) {
      pickedHere.current = true;
      select.current(works);
    }
  });

  const failure = links.error ?? relations.error;
  if (failure)
    return (
      <Text size="sm" c="red" p="sm" role="alert">
        {describeError(errorsOf(failure)[0]!).title}
      </Text>
    );
  if (links.isPending) return <Loader size="sm" m="sm" />;
  if (!link && !hasShapes)
    return (
      <Text size="sm" c="dimmed" p="sm" data-testid="bim-dock-none">
        {t("dock.noLink")}
      </Text>
    );
  return (
    <Stack gap={4} h="100%" p={4} data-testid="bim-dock">
      <Group gap="xs" wrap="nowrap">
        {!link ? (
          <Text size="xs" fw={600} truncate style={{ minWidth: 0 }}>
            {t("primitives.title")}
          </Text>
        ) : options.length > 1 ? (
          <Select
            size="xs"
            w={200}
            aria-label={t("dock.model")}
            value={chosen?.value ?? null}
            onChange={setChoice}
            data={options}
          />
        ) : (
          <Text size="xs" fw={600} truncate style={{ minWidth: 0 }}>
            {link.name}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate style={{ flex: 1, minWidth: 0 }} data-testid="bim-dock-status">
          {untied
            ? t("dock.untied")
            : selectedWorks.length > 0
              ? t("dock.elementsOfWorks", { count: highlighted.length })
              : t("dock.hint")}
        </Text>
        <Tooltip label={t("viewer.fit")}>
          <ActionIcon variant="subtle" color="gray" aria-label={t("viewer.fit")} onClick={() => scene?.fit()}>
            <IconMaximize size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box
        ref={setHost}
        pos="relative"
        data-testid="bim-canvas"
        data-elements={complete ? (scene?.elementCount ?? 0) : 0}
        data-highlighted={highlighted.length}
        data-primitives={shapes.length}
        style={{ flex: 1, minHeight: 120, borderRadius: 6, overflow: "hidden" }}
      >
        <GeometryProgressNote loading={loading} />
      </Box>
      {ties.length > 0 ? (
        <Bim4dPlayer ties={ties} works={workById} on={playing} onOn={setPlaying} onTint={tint} />
      ) : null}
    </Stack>
  );
}
