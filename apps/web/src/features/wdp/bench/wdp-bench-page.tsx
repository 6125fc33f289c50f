import type { WdpMeasure, WdpSeries, WdpWorkState } from "@planum/contracts";
import { useCallback, useMemo, useRef, useState } from "react";
import { BenchFrame } from "../../../bench/bench-page";
import { WdpGrid } from "../wdp-grid";
import { columnsOf, linesOf, spanOf, WdpStore, type WdpWork } from "../wdp-model";
import { isoOfDay } from "../wdp-numbers";

interface Probe {
  /** From the series as the API answers them (parsed JSON) to the grid's first paint, ms. */
  openMs: number | null;
  /** Building the typed-array store, ms. */
  storeMs: number | null;
  /** The grid's render-to-commit time of each paint, ms. */
  frames: { ms: number }[];
  series: number;
  cells: number;
}
declare global {
  interface Window {
    __wdpBench?: Probe;
  }
}

const MEASURES: readonly WdpMeasure[] = ["volume", "labour", "cost"];

/** Deterministic pseudo-random numbers (the same schedule on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * `works` works spread over `days` days from 01.01.2026, each 10…120 days long, with plan and fact series of three
 * measures over its own days — the API's answer, built before the clock starts.
 */
function schedule(works: number, days: number) {
  const rnd = random(7);
  const first = Math.floor(Date.UTC(2026, 0, 1) / 86_400_000);
  const today = first + Math.floor(days / 2);
  const list: WdpWork[] = [];
  const series: WdpSeries[] = [];
  const states: WdpWorkState[] = [];
  let cells = 0;
  for (let i = 0; i < works; i++) {
    const length = 10 + Math.floor(rnd() * 110);
    const start = first + Math.floor(rnd() * (days - length));
    const id = i + 1;
    list.push({
      id,
      code: `A${String(id).padStart(5, "0")}`,
      name: `Work ${id}`,
      ancestors: [],
      start,
      finish: start + length - 1,
    });
    states.push({ itemId: id, status: "active", mode: "evenly" });
    for (const measure of MEASURES) {
      const scale = measure === "volume" ? 10 : measure === "labour" ? 8 : 1500;
      const plan = Array.from({ length }, () => Math.round(rnd() * scale * 1000) / 1000);
      const factDays = Math.max(0, Math.min(length, today - start + 1));
      const fact = plan.slice(0, factDays).map((v) => Math.round(v * (0.7 + rnd() * 0.6) * 1000) / 1000);
      const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
      series.push({ itemId: id, measure, kind: "plan", start: isoOfDay(start), values: plan, total: sum(plan) });
      cells += plan.length;
      if (fact.length > 0) {
        series.push({ itemId: id, measure, kind: "fact", start: isoOfDay(start), values: fact, total: sum(fact) });
        cells += fact.length;
      }
    }
  }
  return { list, answer: { series, works: states }, today, cells };
}

/** The grid of a generated two-year schedule; `window.__wdpBench` reports the open time and each paint. */
export function WdpBenchPage({ works, days }: { works: number; days: number }) {
  const data = useMemo(() => schedule(works, days), [works, days]);
  const probe = useRef<Probe>({
    openMs: null,
    storeMs: null,
    frames: [],
    series: data.answer.series.length,
    cells: data.cells,
  });
  window.__wdpBench = probe.current;
  const [t0] = useState(() => performance.now());
  const store = useMemo(() => {
    const s = WdpStore.from(data.answer);
    probe.current.storeMs = performance.now() - t0;
    return s;
  }, [data, t0]);
  const lines = useMemo(() => linesOf(data.list), [data]);
  const columns = useMemo(() => {
    const [a, b] = spanOf(
      data.list,
      store,
      "volume",
      { nodeId: null, status: "all", from: null, to: null },
      data.today,
    );
    return columnsOf(a, b, "day");
  }, [data, store]);
  const onPaint = useCallback(
    (ms: number) => {
      if (probe.current.openMs === null) {
        // after the browser painted the first frame
        requestAnimationFrame(() => {
          probe.current.openMs ??= performance.now() - t0;
        });
      }
      probe.current.frames.push({ ms });
    },
    [t0],
  );
  const onWrite = useCallback(async () => true, []);
  return (
    <BenchFrame title="Work-done plan" count={`${works} works × ${days} days, ${data.answer.series.length} series`}>
      <WdpGrid
        lines={lines}
        columns={columns}
        zoom="day"
        store={store}
        measure="volume"
        keyDay={data.today}
        earliest={null}
        readOnly={false}
        narrow={false}
        checked={new Set()}
        onCheck={() => {}}
        onWrite={onWrite}
        onPaint={onPaint}
      />
    </BenchFrame>
  );
}
