import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  useComputedColorScheme,
} from "@mantine/core";
import type { BimAppearanceProfile, BimElementInfo, BimModel, BimSection, BimSectionAxis } from "@planum/contracts";
import {
  IconDeviceFloppy,
  IconEye,
  IconEyeOff,
  IconFocus2,
  IconMaximize,
  IconPencil,
  IconPlus,
  IconRuler,
  IconSearch,
} from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { bimApi, bimKeys, bimViewerApi } from "./bim-api";
import { BimLinksPanel } from "./bim-links-panel";
import { BimProfileEditor } from "./bim-profiles";
import type { Appearance, BimScene } from "./bim-scene";
import { useSceneClick } from "./use-scene-click";
import { GeometryProgressNote, useStreamedGeometry } from "./use-streamed-geometry";

const BACKGROUND = { light: "#f1f3f5", dark: "#1f2125" } as const;

/**
 * The viewer of one converted model: the 3D view (orbit, pan, zoom, fit; click selects), isolate and hide of the
 * selection, the places of the model (the reduced PBS list) and search by attribute text to select from, and the
 * selected element's properties.
 */
export function BimViewer({
  spaceId,
  model,
  canEditProfiles,
}: {
  spaceId: string;
  model: BimModel;
  /** The caller holds space:write: may create and change the space's appearance profiles. */
  canEditProfiles: boolean;
}) {
  const { t, i18n } = useTranslation("bim");
  const scheme = useComputedColorScheme("light");
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [scene, setScene] = useState<BimScene | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const key = bimKeys.model(spaceId, model.projectId, model.id);
  const pbs = useQuery({ queryKey: [...key, "pbs"], queryFn: () => bimApi.pbs(model.projectId, model.id) });
  const info = useQuery({
    queryKey: [...key, "element", selected[0]],
    queryFn: () => bimApi.element(model.projectId, model.id, selected[0]!),
    enabled: selected.length > 0,
  });

  // The scene is built once per model and draws the geometry as it arrives; the background follows the colour
  // scheme without building it again.
  const initialBackground = useRef(BACKGROUND[scheme]);
  const loading = useStreamedGeometry(host, model, initialBackground.current, setScene);
  useEffect(() => scene?.setBackground(BACKGROUND[scheme]), [scene, scheme]);

  // The section, the measure tool, the appearance profile, and the saved state that restores them all.
  const [section, setSection] = useState<BimSection | null>(null);
  useEffect(() => scene?.section(section), [scene, section]);
  const [measuring, setMeasuring] = useState(false);
  const [measured, setMeasured] = useState<number | null>(null);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [editing, setEditing] = useState<BimAppearanceProfile | "new" | null>(null);
  const profiles = useQuery({
    queryKey: bimKeys.profiles(spaceId),
    queryFn: () => bimViewerApi.profiles(spaceId),
  });
  const profile = profiles.data?.find((p) => p.id === profileId) ?? null;
  const elements = useQuery({
    queryKey: [...key, "elements"],
    queryFn: () => bimApi.elements(model.projectId, model.id),
    enabled: profile !== null || editing !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const types = useMemo(
    () => [...new Set((elements.data ?? []).filter((e) => e.hasGeometry).map((e) => e.ifcType))].sort(),
    [elements.data],
  );
  useEffect(() => {
    if (!scene) return;
    const appearance: Appearance = new Map();
    if (profile && elements.data) {
      const rules = new Map(profile.rules.map((rule) => [rule.ifcType.toLowerCase(), rule]));
      for (const element of elements.data) {
        const rule = rules.get(element.ifcType.toLowerCase());
        if (rule) appearance.set(element.expressId, { colour: rule.colour, hidden: rule.hidden });
      }
    }
    scene.appearance(appearance);
  }, [scene, profile, elements.data]);
  const saved = useQuery({
    queryKey: [...key, "state"],
    queryFn: () => bimViewerApi.state(model.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const restored = useRef(false);
  useEffect(() => {
    if (!scene || !saved.isSuccess || restored.current) return;
    restored.current = true;
    const state = saved.data;
    if (!state) return;
    scene.setCamera(state.camera);
    scene.setVisibility(state.hidden, state.isolated);
    setSection(state.section);
    setProfileId(state.profileId);
  }, [scene, saved.isSuccess, saved.data]);
  const saveState = useMutation({
    mutationFn: () => {
      if (!scene) throw new Error("the viewer is not ready");
      return bimViewerApi.saveState({
        modelId: model.id,
        camera: scene.cameraState,
        ...scene.visibility,
        section,
        profileId,
      });
    },
    onSuccess: () => notifySuccess(t("viewer.saved")),
    onError: notifyError,
  });
  useEffect(() => scene?.select(selected), [scene, selected]);
  const tint = useCallback((tints: Map<number, string | null>) => scene?.colour(tints), [scene]);

  // A click that did not drag selects what is under it, or with the measure tool marks a point (a drag orbits).
  const measuringNow = useRef(measuring);
  measuringNow.current = measuring;
  const points = useRef<import("three").Vector3[]>([]);
  useEffect(() => {
    if (measuring) return;
    points.current = [];
    scene?.measure(null);
    setMeasured(null);
  }, [scene, measuring]);
  useSceneClick(scene, (scene, x, y) => {
    if (measuringNow.current) {
      const point = scene.pickPoint(x, y);
      if (!point) return;
      // The first point starts a measure, the second ends it; a third starts again.
      const [first] = points.current.length === 1 ? points.current : [];
      points.current = first ? [first, point] : [point];
      scene.measure(first ? [first, point] : null);
      setMeasured(first ? first.distanceTo(point) : null);
      return;
    }
    const id = scene.pick(x, y);
    setSelected(id === null ? [] : [id]);
  });

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" leftSection={<IconMaximize size={14} />} onClick={() => scene?.fit()}>
          {t("viewer.fit")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFocus2 size={14} />}
          disabled={selected.length === 0}
          onClick={() => {
            scene?.isolate(selected);
            scene?.fit(selected);
          }}
        >
          {t("viewer.isolate")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEyeOff size={14} />}
          disabled={selected.length === 0}
          onClick={() => {
            scene?.hide(selected);
            setSelected([]);
          }}
        >
          {t("viewer.hide")}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={() => scene?.showAll()}>
          {t("viewer.showAll")}
        </Button>
        <Button
          size="xs"
          variant={measuring ? "filled" : "default"}
          leftSection={<IconRuler size={14} />}
          aria-pressed={measuring}
          onClick={() => setMeasuring(!measuring)}
        >
          {t("viewer.measure")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} />}
          disabled={!scene}
          loading={saveState.isPending}
          onClick={() => saveState.mutate()}
        >
          {t("viewer.saveView")}
        </Button>
        <Text size="xs" c="dimmed">
          {measuring ? t("viewer.measureHint") : t("viewer.hint")}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="xs" fw={600}>
          {t("viewer.section")}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t("viewer.section")}
          value={section?.axis ?? "off"}
          onChange={(value) =>
            setSection(value === "off" ? null : { axis: value as BimSectionAxis, at: section?.at ?? 0.5 })
          }
          data={[
            { value: "off", label: t("viewer.sectionOff") },
            { value: "x", label: "X" },
            { value: "y", label: "Y" },
            { value: "z", label: "Z" },
          ]}
        />
        {section ? (
          <Slider
            style={{ flex: "1 1 140px", maxWidth: 260 }}
            min={0}
            max={100}
            value={Math.round(section.at * 100)}
            onChange={(value) => setSection({ ...section, at: value / 100 })}
            label={(value) => `${value}%`}
            aria-label={t("viewer.sectionAt")}
          />
        ) : null}
        <Select
          size="xs"
          w={200}
          aria-label={t("profiles.title")}
          placeholder={t("profiles.ownColours")}
          clearable
          value={profileId}
          onChange={setProfileId}
          data={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        {canEditProfiles ? (
          <>
            <ActionIcon variant="default" aria-label={t("profiles.new")} onClick={() => setEditing("new")}>
              <IconPlus size={14} />
            </ActionIcon>
            {profile ? (
              <ActionIcon variant="default" aria-label={t("profiles.edit")} onClick={() => setEditing(profile)}>
                <IconPencil size={14} />
              </ActionIcon>
            ) : null}
          </>
        ) : null}
        {measured !== null ? (
          <Text size="sm" fw={600} data-testid="bim-measure">
            {t("viewer.distance", { value: measured.toLocaleString(i18n.language, { maximumFractionDigits: 3 }) })}
          </Text>
        ) : null}
      </Group>
      {editing ? (
        <BimProfileEditor
          spaceId={spaceId}
          profile={editing === "new" ? null : editing}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setProfileId(saved?.id ?? null);
          }}
        />
      ) : null}
      <Box style={{ display: "flex", flexWrap: "wrap", gap: "var(--mantine-spacing-sm)" }}>
        <Box
          ref={setHost}
          pos="relative"
          data-testid="bim-canvas"
          data-elements={loading.state === "done" ? (scene?.elementCount ?? 0) : 0}
          style={{ flex: "1 1 420px", minWidth: 0, height: 520, borderRadius: 8, overflow: "hidden" }}
        >
          <GeometryProgressNote loading={loading} />
        </Box>
        <Stack gap="xs" style={{ flex: "1 1 260px", maxWidth: "100%" }}>
          <ElementSearch spaceId={spaceId} model={model} onPick={(id) => setSelected([id])} />
          <Text fw={600} size="sm">
            {t("viewer.places")}
          </Text>
          <ScrollArea.Autosize mah={140}>
            <Stack gap={2}>
              {(pbs.data ?? []).map((place) => (
                <UnstyledButton key={place.expressId} onClick={() => setSelected([place.expressId])}>
                  <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                    {place.ifcType.replace(/^Ifc/, "")} · {place.name || "—"} ({place.elementCount})
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Properties element={selected.length ? (info.data ?? null) : null} loading={info.isFetching} />
          <BimLinksPanel spaceId={spaceId} model={model} selected={selected} onSelect={setSelected} onTint={tint} />
        </Stack>
      </Box>
    </Stack>
  );
}

function ElementSearch({ model, onPick }: { spaceId: string; model: BimModel; onPick: (id: number) => void }) {
  const { t } = useTranslation("bim");
  const [text, setText] = useState("");
  const [asked, setAsked] = useState("");
  const found = useQuery({
    queryKey: ["bim-search", model.id, asked],
    queryFn: () => bimApi.search(model.projectId, model.id, asked),
    enabled: asked.length > 0,
  });
  return (
    <Stack gap={4}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(text.trim());
        }}
      >
        <TextInput
          size="xs"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={t("viewer.search")}
          aria-label={t("viewer.search")}
          leftSection={<IconSearch size={14} />}
        />
      </form>
      {asked && found.data ? (
        <ScrollArea.Autosize mah={140}>
          <Stack gap={2} data-testid="bim-search-results">
            {found.data.elements.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t("viewer.nothingFound")}
              </Text>
            ) : null}
            {found.data.elements.map((element) => (
              <UnstyledButton key={element.expressId} onClick={() => onPick(element.expressId)}>
                <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                  {element.ifcType.replace(/^Ifc/, "")} · {element.name || element.globalId}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : null}
    </Stack>
  );
}

function Properties({ element, loading }: { element: BimElementInfo | null; loading: boolean }) {
  const { t } = useTranslation("bim");
  const rows = useMemo(
    () => Object.entries(element?.properties ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    [element],
  );
  if (!element)
    return (
      <Text size="xs" c="dimmed">
        {loading ? t("viewer.loading") : t("viewer.selectHint")}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="bim-properties">
      <Group gap={6} wrap="wrap">
        <Badge variant="light" size="sm">
          {element.ifcType}
        </Badge>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {element.name || "—"}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        GlobalId {element.globalId}
      </Text>
      <ScrollArea.Autosize mah={220}>
        <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td style={{ overflowWrap: "anywhere", width: "50%" }}>{name}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
