import { Group, Loader, Text } from "@mantine/core";
import type { BimModel } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { bimApi } from "./bim-api";
import { readGeometryStream } from "./bim-geometry-read";
import type { GeometryProgress } from "./bim-geometry-stream";
import { BimScene } from "./bim-scene";

export type GeometryLoading =
  | { state: "loading"; progress: GeometryProgress | null }
  | { state: "done" }
  | { state: "failed"; message: string };

/** What the viewers show of a model: enough to ask for its geometry. */
export type ShownModel = Pick<BimModel, "projectId" | "id">;

/**
 * The one way both viewers (the project's and the workspace dock's) load a model: builds the scene in `host` as
 * soon as it is on the page and draws the geometry into it as it arrives (`readGeometryStream`): the first storeys
 * show while the rest loads, and selection, hiding and colours apply to what is there and to what comes. Without a
 * model (the dock's site layout alone) the scene is built empty. Answers how far the loading is; the scene goes to
 * `onScene` (null when the model changes or the host goes).
 */
export function useStreamedGeometry(
  host: HTMLDivElement | null,
  model: ShownModel | null,
  background: string,
  onScene: (scene: BimScene | null) => void,
): GeometryLoading {
  const [loading, setLoading] = useState<GeometryLoading>({ state: "loading", progress: null });
  const projectId = model?.projectId ?? null;
  const modelId = model?.id ?? null;
  useEffect(() => {
    if (!host) return;
    const scene = new BimScene(host, background);
    onScene(scene);
    const aborted = new AbortController();
    let cancel = () => {};
    if (projectId === null || modelId === null) setLoading({ state: "done" });
    else {
      setLoading({ state: "loading", progress: null });
      void (async () => {
        try {
          const stream = await bimApi.geometry(projectId, modelId, aborted.signal);
          const reading = readGeometryStream(stream, (batches, progress) => {
            if (batches.length) scene.addBatches(batches);
            setLoading({ state: "loading", progress });
          });
          cancel = reading.cancel;
          await reading.done;
          if (!aborted.signal.aborted) setLoading({ state: "done" });
        } catch (error) {
          if (!aborted.signal.aborted)
            setLoading({ state: "failed", message: error instanceof Error ? error.message : String(error) });
        }
      })();
    }
    return () => {
      aborted.abort();
      cancel();
      scene.dispose();
      onScene(null);
    };
    // the scene is built once per model: the background changes through setBackground
  }, [host, projectId, modelId, onScene, background]);
  return loading;
}

/** Over the canvas while the model loads: the share of its elements drawn so far; or why it failed. */
export function GeometryProgressNote({ loading }: { loading: GeometryLoading }) {
  const { t } = useTranslation("bim");
  if (loading.state === "done") return null;
  if (loading.state === "failed")
    return (
      <Text size="sm" c="red" pos="absolute" top={8} left={8} right={8}>
        {t("viewer.loadFailed")}
      </Text>
    );
  const { progress } = loading;
  const percent = progress?.total ? Math.floor((progress.read / progress.total) * 100) : 0;
  return (
    <Group
      gap={6}
      pos="absolute"
      top={8}
      left={8}
      px={8}
      py={4}
      wrap="nowrap"
      style={{ borderRadius: 6, background: "var(--mantine-color-body)", opacity: 0.9, maxWidth: "calc(100% - 16px)" }}
      data-testid="bim-loading"
    >
      <Loader size="xs" />
      <Text size="xs">{progress?.total ? t("viewer.loadingProgress", { percent }) : t("viewer.loading")}</Text>
    </Group>
  );
}
