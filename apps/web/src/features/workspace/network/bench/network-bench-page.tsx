import type { NetworkRelations, NetworkTasks, NetworkWorks } from "@planum/contracts";
import { useEffect, useMemo, useState } from "react";
import { BenchFrame } from "../../../../bench/bench-page";
import { buildNetworkModel, type NetworkModel } from "../network-model";
import { type NetworkPerfProbe, NetworkView } from "../network-view";
import { generateNetworkBench } from "./bench-data";

/** What the perf script reads from the page (window.__networkBench). */
export interface NetworkBenchState {
  activities: number;
  /** From the moment the three JSON texts "arrived" to the end of the first canvas frame (parse, layout, draw). */
  firstPaintMs: number | null;
  parseMs: number;
  layoutMs: number;
  frames: { ms: number; boxes: number }[];
  links: { from: number; to: number }[];
}

declare global {
  interface Window {
    __networkBench?: NetworkBenchState;
  }
}

/** A full-screen network view of a generated schedule (?n=5000), instrumented for network-perf.mjs. */
export function NetworkBenchPage({ activities }: { activities: number }) {
  const [shown, setShown] = useState<{ model: NetworkModel; arrived: number } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const state = useMemo<NetworkBenchState>(
    () => ({ activities, firstPaintMs: null, parseMs: 0, layoutMs: 0, frames: [], links: [] }),
    [activities],
  );

  useEffect(() => {
    window.__networkBench = state;
    // Generation (the server's work) happens before the clock starts; the texts stand in for the HTTP bodies.
    const data = generateNetworkBench(activities);
    const texts = [JSON.stringify(data.tasks), JSON.stringify(data.works), JSON.stringify(data.relations)];
    const arrived = performance.now();
    const tasks = JSON.parse(texts[0]) as NetworkTasks;
    const works = JSON.parse(texts[1]) as NetworkWorks;
    const relations = JSON.parse(texts[2]) as NetworkRelations;
    const parsed = performance.now();
    state.parseMs = parsed - arrived;
    const model = buildNetworkModel(tasks, works, relations);
    state.layoutMs = performance.now() - parsed;
    setShown({ model, arrived });
  }, [activities, state]);

  const probe = useMemo<NetworkPerfProbe>(
    () => ({
      frame(ms, boxes) {
        state.frames.push({ ms, boxes });
        if (state.firstPaintMs === null && shown) state.firstPaintMs = performance.now() - shown.arrived;
      },
    }),
    [state, shown],
  );

  return (
    <BenchFrame title="Planum · network bench" count={`${activities.toLocaleString()} activities`}>
      {shown && (
        <NetworkView
          model={shown.model}
          selectedIds={selected}
          onSelect={(ids) => setSelected(ids)}
          onLink={(l) => state.links.push(l)}
          probe={probe}
        />
      )}
    </BenchFrame>
  );
}
