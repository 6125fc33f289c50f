import { CYCLOGRAM_PALETTE, type Cyclogram } from "@planum/contracts";
import { useCallback, useEffect, useMemo, useState } from "react";
import { BenchFrame } from "../../../bench/bench-page";
import { CyclogramChart } from "../cyclogram-chart";

/** What cyclogram-perf.mjs reads from the page (window.__cyclogramBench). */
export interface CyclogramBenchState {
  works: number;
  locations: number;
  wireMB: number;
  parseMs: number;
  /** From the JSON text "arrived" (parse, layout) to the end of the first canvas frame. */
  firstPaintMs: number | null;
}

declare global {
  interface Window {
    __cyclogramBench?: CyclogramBenchState;
  }
}

const DAY = 1440;
const FROM = 20_101 * DAY + 480; // Monday 2025-01-13 08:00
const TYPES = 50;

/**
 * A cyclogram as the server would answer it for `works` works over `locations` floors: 50 work types, each a crew
 * going floor by floor (2–5 days a floor, a wait now and then), the trades following each other up the building, so
 * crews cross where a trade catches up with the one before (as the server's bench schedule does).
 */
export function generateCyclogram(works: number, locations: number): Cyclogram {
  let seed = 11;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const perType = Math.ceil(works / TYPES);
  const lines: Cyclogram["lines"] = [];
  const idle: Cyclogram["idle"] = [];
  const crossings: Cyclogram["crossings"] = [];
  let id = 0;
  let to = FROM;
  for (let t = 0; t < TYPES && id < works; t++) {
    const segments: Cyclogram["lines"][number]["segments"] = [];
    let at = FROM + t * 3 * DAY;
    for (let k = 0; k < perType && id < works; k++) {
      const location = k % locations;
      if (k > 0 && random() < 0.03) {
        idle.push({ line: t, after: segments.length - 1, start: at, finish: at + 3 * DAY });
        at += 3 * DAY;
      }
      const start = at;
      const finish = start + (2 + Math.floor(random() * 4)) * DAY - 540;
      segments.push({ wbsId: ++id, code: `W${id}`, revision: 1, location, start, finish, critical: random() < 0.1 });
      const other = lines[t - 1]?.segments[k];
      if (other && random() < 0.3)
        crossings.push({
          location,
          a: { line: t - 1, segment: k },
          b: { line: t, segment: segments.length - 1 },
          start,
          finish,
        });
      at = finish + 540;
      to = Math.max(to, finish);
    }
    lines.push({ workType: `Вид работ ${t + 1}`, color: CYCLOGRAM_PALETTE[t % CYCLOGRAM_PALETTE.length], segments });
  }
  return {
    attribute: { id: "a", name: "Этаж" },
    locations: Array.from({ length: locations }, (_, k) => `${k + 1} этаж`),
    lines,
    idle,
    crossings,
    unplaced: 0,
    from: FROM,
    to,
  } as Cyclogram;
}

/** A full-width cyclogram on generated data (?works=5000&locations=100), instrumented for cyclogram-perf.mjs. */
export function CyclogramBenchPage({ works, locations }: { works: number; locations: number }) {
  const text = useMemo(() => JSON.stringify(generateCyclogram(works, locations)), [works, locations]);
  const state = useMemo<CyclogramBenchState>(
    () => ({ works, locations, wireMB: text.length / 1e6, parseMs: 0, firstPaintMs: null }),
    [works, locations, text],
  );
  const [payload, setPayload] = useState<{ chart: Cyclogram; arrived: number } | null>(null);
  useEffect(() => {
    window.__cyclogramBench = state;
    const arrived = performance.now();
    const chart = JSON.parse(text) as Cyclogram;
    state.parseMs = performance.now() - arrived;
    setPayload({ chart, arrived });
  }, [state, text]);
  const onDrawn = useCallback(() => {
    if (state.firstPaintMs === null && payload) state.firstPaintMs = performance.now() - payload.arrived;
  }, [state, payload]);
  return (
    <BenchFrame title="Cyclogram" count={`${works} works × ${locations} locations`}>
      <div style={{ height: "100%", overflow: "auto", padding: 8 }}>
        {payload && (
          <CyclogramChart
            chart={payload.chart}
            label="Cyclogram"
            canWrite={false}
            onMove={() => undefined}
            onDrawn={onDrawn}
          />
        )}
      </div>
    </BenchFrame>
  );
}
