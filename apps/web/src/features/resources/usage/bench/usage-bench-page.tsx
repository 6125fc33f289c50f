import { decodeUsage, encodeUsage, type UsageColumns } from "@planum/contracts";
import { useCallback, useEffect, useMemo, useState } from "react";
import { BenchFrame } from "../../../../bench/bench-page";
import { UsageChart } from "../usage-chart";

/** What usage-perf.mjs reads from the page (window.__usageBench). */
export interface UsageBenchState {
  rows: number;
  days: number;
  wireMB: number;
  parseMs: number;
  decodeMs: number;
  /** From the JSON text "arrived" (parse, decode, layout) to the end of the first canvas frame. */
  firstPaintMs: number | null;
  frames: { ms: number }[];
}

declare global {
  interface Window {
    __usageBench?: UsageBenchState;
  }
}

const FROM_DAY = 20_101; // Monday 2025-01-13

/**
 * Usage of `rows` resources over `days` by day, as the server would answer it: each resource with ten works of 5 to
 * 60 days at 4 to 12 units a day against 8 available on weekdays, demand summed per day (over-allocated where works
 * overlap).
 */
export function generateUsage(rows: number, days: number): UsageColumns {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const demand = new Float64Array(rows * days);
  const availability = new Float64Array(rows * days);
  const overDays = new Int32Array(rows * days);
  const bars: UsageColumns["bars"] = {
    row: [],
    start: [],
    finish: [],
    units: [],
    itemId: [],
    version: [],
    code: [],
    name: [],
  };
  for (let r = 0; r < rows; r++) {
    const starts = Array.from({ length: 10 }, () => Math.floor(random() * (days - 60))).sort((a, b) => a - b);
    for (const s of starts) {
      const length = 5 + Math.floor(random() * 56);
      const perDay = 4 + Math.floor(random() * 9);
      for (let d = s; d < Math.min(days, s + length); d++) demand[r * days + d] += perDay;
      bars.row.push(r);
      bars.start.push((FROM_DAY + s) * 1440 + 480);
      bars.finish.push((FROM_DAY + s + length) * 1440 + 1020);
      bars.units.push(perDay * length);
      bars.itemId.push(bars.itemId.length + 1);
      bars.version.push(0);
      bars.code.push(`W${bars.itemId.length}`);
      bars.name.push(`Work ${bars.itemId.length}`);
    }
    for (let d = 0; d < days; d++) {
      const weekday = (FROM_DAY + d + 3) % 7 < 5;
      availability[r * days + d] = weekday ? 8 : 0;
      overDays[r * days + d] = demand[r * days + d] > availability[r * days + d] ? 1 : 0;
    }
  }
  return {
    scale: "day",
    by: "resource",
    fromDay: FROM_DAY,
    toDay: FROM_DAY + days,
    bucketStarts: Array.from({ length: days + 1 }, (_, k) => FROM_DAY + k),
    rows: {
      id: Array.from({ length: rows }, (_, r) => `r${r}`),
      kind: Array.from({ length: rows }, () => "resource" as const),
      depth: Array.from({ length: rows }, () => 0),
      code: Array.from({ length: rows }, (_, r) => `CREW-${r + 1}`),
      name: Array.from({ length: rows }, (_, r) => `Crew ${r + 1}`),
      unit: Array.from({ length: rows }, () => "h"),
    },
    demand,
    availability,
    overDays,
    bars,
    versions: [{ id: "v", label: "Bench", scheduleId: "s", scheduleName: "Bench" }],
    choices: [{ id: "v", label: "Bench", kind: "actual", scheduleId: "s", scheduleName: "Bench" }],
  };
}

/** A full-screen usage chart on generated data (?rows=1000&days=730), instrumented for usage-perf.mjs. */
export function UsageBenchPage({ rows, days }: { rows: number; days: number }) {
  const text = useMemo(() => JSON.stringify(encodeUsage(generateUsage(rows, days))), [rows, days]);
  const state = useMemo<UsageBenchState>(
    () => ({ rows, days, wireMB: text.length / 1e6, parseMs: 0, decodeMs: 0, firstPaintMs: null, frames: [] }),
    [rows, days, text],
  );
  const [payload, setPayload] = useState<{ columns: UsageColumns; arrived: number } | null>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    window.__usageBench = state;
    const arrived = performance.now();
    const wire = JSON.parse(text);
    const parsed = performance.now();
    const columns = decodeUsage(wire);
    state.parseMs = parsed - arrived;
    state.decodeMs = performance.now() - parsed;
    setPayload({ columns, arrived });
  }, [state, text]);
  const onFrame = useCallback(
    (ms: number) => {
      if (state.firstPaintMs === null && payload) state.firstPaintMs = performance.now() - payload.arrived;
      state.frames.push({ ms });
    },
    [state, payload],
  );
  return (
    <BenchFrame title="Resource usage" count={`${rows} resources × ${days} days`}>
      {payload && (
        <UsageChart
          columns={payload.columns}
          selectedRow={selected}
          pickedBucket={-1}
          onSelectRow={setSelected}
          onPickBar={(row) => setSelected(row)}
          onFrame={onFrame}
        />
      )}
    </BenchFrame>
  );
}
