import {
  ActionIcon,
  Box,
  Button,
  ColorSwatch,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
  useComputedColorScheme,
} from "@mantine/core";
import type { BimLinkedElement, BimPrimitive, ScheduleDto, Version } from "@planum/contracts";
import { IconMaximize, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError } from "../../ui/notify";
import { Bim4dPlayer } from "./bim-4d-player";
import { bimLinkKeys, bimLinksApi } from "./bim-links-api";
import { BimPrimitiveForm, type PrimitiveDraft } from "./bim-primitive-form";
import { primitivePlacement } from "./bim-primitive-shapes";
import { bimPrimitiveKeys, bimPrimitivesApi, primitiveKey } from "./bim-primitives-api";
import { BimScene } from "./bim-scene";
import { useSceneClick } from "./use-scene-click";

const BACKGROUND = { light: "#f1f3f5", dark: "#1f2125" } as const;
/** The site plan's ground grid, in metres across. */
const GROUND = 100;
/** Where the camera looks from before there is anything to frame. */
const OVERVIEW = { position: [30, 24, 30] as [number, number, number], target: [0, 0, 0] as [number, number, number] };

interface Props {
  spaceId: string;
  nodeId: string;
  /** The schedules at or under the node: their versions' works are what the shapes may stand for. */
  schedules: ScheduleDto[];
  canWrite: boolean;
}

/**
 * A node's site layout: boxes, spheres, planes and cylinders on its site plan (`/primitivesModels`), for a node
 * without an IFC model. Each is tied to works of a version of the node's schedules; the 4D player colours them by
 * those works' status at its date, as it colours model elements.
 */
export function BimSiteLayout({ spaceId, nodeId, schedules, canWrite }: Props) {
  const { t } = useTranslation("bim");
  const queryClient = useQueryClient();
  const scheme = useComputedColorScheme("light");
  const primitives = useQuery({
    queryKey: bimPrimitiveKeys.ofNode(spaceId, nodeId),
    queryFn: () => bimPrimitivesApi.list(nodeId),
  });
  const list = primitives.data ?? [];

  // The version whose works the shapes are tied to and played by.
  const versions = useQuery({
    queryKey: ["space", spaceId, "bim-site-versions", nodeId, schedules.map((s) => s.id).join(",")],
    queryFn: async () =>
      (
        await Promise.all(
          schedules.map(async (schedule) =>
            (
              await api.get<Version[]>(`/schedules/${encodeURIComponent(schedule.id)}/versions`)
            ).map((version) => ({
              value: version.id,
              label: `${schedule.name} · ${version.label}`,
            })),
          ),
        )
      ).flat(),
    enabled: schedules.length > 0,
  });
  const [versionChoice, setVersionChoice] = useState<string | null>(null);
  const versionId = versionChoice ?? versions.data?.[0]?.value ?? null;
  const works = useQuery({
    queryKey: bimLinkKeys.works(spaceId, versionId ?? ""),
    queryFn: () => bimLinksApi.works(versionId!),
    enabled: versionId !== null,
  });
  const workById = useMemo(() => new Map((works.data ?? []).map((w) => [w.id, w])), [works.data]);
  const tieable = useMemo(() => (works.data ?? []).filter((w) => w.type !== "sum"), [works.data]);

  // The scene: the ground, the saved shapes, and the one being edited as typed.
  const host = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<BimScene | null>(null);
  const initialBackground = useRef(BACKGROUND[scheme]);
  useEffect(() => {
    if (!host.current) return;
    const created = new BimScene(host.current, initialBackground.current);
    created.setCamera(OVERVIEW);
    setScene(created);
    return () => {
      created.dispose();
      setScene(null);
    };
  }, []);
  useEffect(() => {
    scene?.setBackground(BACKGROUND[scheme]);
    scene?.setGround(GROUND, scheme === "dark");
  }, [scene, scheme]);
  const [editing, setEditing] = useState<BimPrimitive | "new" | null>(null);
  const [draft, setDraft] = useState<PrimitiveDraft | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const shown = useMemo(() => {
    const editedId = editing && editing !== "new" ? editing.id : null;
    const saved = list.map((p) => (p.id === editedId && draft ? { ...p, ...draft } : p));
    return editing === "new" && draft ? [...saved, { ...draft, id: "new" }] : saved;
  }, [list, editing, draft]);
  const framed = useRef(false);
  useEffect(() => {
    if (!scene) return;
    scene.setPrimitives(
      shown
        .filter((p) => p.size.every((v) => v > 0) && [...p.position, ...p.rotation].every(Number.isFinite))
        .map((p, index) => ({ key: primitiveKey(index), colour: p.colour, ...primitivePlacement(p) })),
    );
    if (!framed.current && shown.length > 0) {
      framed.current = true;
      scene.fit();
    }
  }, [scene, shown]);
  const keyOf = useMemo(() => new Map(shown.map((p, index) => [p.id, primitiveKey(index)])), [shown]);
  useEffect(() => {
    const key = selected ? keyOf.get(selected) : undefined;
    scene?.select(key === undefined ? [] : [key]);
  }, [scene, selected, keyOf]);

  // A click that did not drag selects the shape under it.
  const idOfKey = useRef(new Map<number, string>());
  idOfKey.current = new Map([...keyOf].map(([id, key]) => [key, id]));
  useSceneClick(scene, (scene, x, y) => {
    const key = scene.pick(x, y);
    setSelected(key === null ? null : (idOfKey.current.get(key) ?? null));
  });

  // The 4D player: every saved shape tied to works of the chosen version.
  const ties = useMemo<BimLinkedElement[]>(
    () =>
      list.flatMap((p, index) =>
        p.itemIds
          .filter((id) => workById.has(id))
          .map((itemId) => ({ modelId: "", expressId: primitiveKey(index), itemId })),
      ),
    [list, workById],
  );
  const [playing, setPlaying] = useState(false);
  const tint = useCallback((tints: Map<number, string | null>) => scene?.colour(tints), [scene]);
  useEffect(() => {
    if (!playing || !scene) return;
    const keys = list.map((_, index) => primitiveKey(index));
    return () => scene.colour(new Map(keys.map((key) => [key, null])));
  }, [playing, scene, list]);

  const remove = useMutation({
    mutationFn: (id: string) => bimPrimitivesApi.remove(nodeId, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bimPrimitiveKeys.ofNode(spaceId, nodeId) }),
    onError: notifyError,
  });
  const askDelete = async (primitive: BimPrimitive) => {
    const { confirmed } = await confirm({
      message: t("primitives.deleteMessage", { name: primitive.name }),
      danger: true,
    });
    if (confirmed) remove.mutate(primitive.id);
  };
  const edit = (target: BimPrimitive | "new") => {
    setEditing(target);
    setDraft(null);
  };

  return (
    <Stack gap="xs" data-testid="bim-site-layout">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ flex: "1 1 260px" }}>
          <Title order={5}>{t("primitives.title")}</Title>
          <Text size="sm" c="dimmed">
            {t("primitives.intro")}
          </Text>
        </Stack>
        {canWrite ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => edit("new")}>
            {t("primitives.add")}
          </Button>
        ) : null}
      </Group>
      {editing ? (
        <BimPrimitiveForm
          key={editing === "new" ? "new" : editing.id}
          spaceId={spaceId}
          epsId={nodeId}
          primitive={editing === "new" ? null : editing}
          works={tieable}
          onDraft={setDraft}
          onClose={() => {
            setEditing(null);
            setDraft(null);
          }}
        />
      ) : null}
      <Box style={{ display: "flex", flexWrap: "wrap", gap: "var(--mantine-spacing-sm)" }}>
        <Box
          ref={host}
          pos="relative"
          data-testid="bim-site-canvas"
          data-primitives={list.length}
          style={{ flex: "1 1 420px", minWidth: 0, height: 420, borderRadius: 8, overflow: "hidden" }}
        >
          <ActionIcon
            pos="absolute"
            top={8}
            right={8}
            variant="default"
            aria-label={t("primitives.fit")}
            onClick={() => scene?.fit()}
          >
            <IconMaximize size={14} />
          </ActionIcon>
        </Box>
        <Stack gap="xs" style={{ flex: "1 1 260px", maxWidth: "100%" }}>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("primitives.none")}
            </Text>
          ) : (
            <Table fz="sm" verticalSpacing={4} data-testid="bim-primitives">
              <Table.Tbody>
                {list.map((primitive) => (
                  <Table.Tr
                    key={primitive.id}
                    bg={selected === primitive.id ? "var(--mantine-primary-color-light)" : undefined}
                    onClick={() => setSelected(primitive.id)}
                    style={{ cursor: "pointer" }}
                  >
                    <Table.Td w={20}>
                      <ColorSwatch color={primitive.colour} size={14} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Text size="sm">{primitive.name}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`primitives.shapes.${primitive.shape}`)} ·{" "}
                        {t("primitives.worksCount", { count: primitive.itemIds.length })}
                      </Text>
                    </Table.Td>
                    {canWrite ? (
                      <Table.Td w={60}>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            aria-label={t("primitives.edit", { name: primitive.name })}
                            onClick={() => edit(primitive)}
                          >
                            <IconPencil size={14} />
                          </ActionIcon>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="red"
                            aria-label={t("primitives.delete", { name: primitive.name })}
                            onClick={() => void askDelete(primitive)}
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {schedules.length > 0 ? (
            <Select
              size="xs"
              label={t("primitives.version")}
              allowDeselect={false}
              value={versionId}
              onChange={setVersionChoice}
              data={versions.data ?? []}
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t("primitives.noSchedules")}
            </Text>
          )}
          {ties.length > 0 ? (
            <Bim4dPlayer ties={ties} works={workById} on={playing} onOn={setPlaying} onTint={tint} />
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
