import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { MemoryRouter } from "react-router";
import { BenchFrame, benchParams } from "../../../../bench/bench-page";
import type { DetailsTab } from "../../details/activity-details";
import type { GanttChange, GanttData, GanttLink } from "../gantt-data";
import { decodeGanttData } from "../row-model";
import type { GanttScale } from "../scale-math";
import { WorkspaceGantt, type WorkspaceGanttProps } from "../workspace-gantt";
import { benchWireText, fromWireText, generateBenchData } from "./bench-data";
import { BenchDetails, seedDetails } from "./bench-details";

/** What the perf script reads from the page (window.__ganttBench). */
export interface BenchState {
  rows: number;
  generateMs: number;
  parseMs: number;
  decodeMs: number;
  /** From the moment the JSON text "arrived" to the end of the first canvas frame. */
  firstPaintMs: number | null;
  frames: { ms: number; dragging: boolean; at: number }[];
  previews: { engineMs: number; roundTripMs: number; mode: string }[];
  expands: number[];
  /** From a press (a row picked, a tab chosen) to the frame after the details of the work were rendered. */
  detailsOpen: number[];
  /** From the same press to the Gantt reporting the new selection (the part of detailsOpen before the details). */
  selectionReported: number[];
  engineReadyMs: number | null;
  changes: GanttChange[];
  links: GanttLink[];
  /** Parses and decodes a freshly generated payload of n rows, `runs` times; returns ms per run. */
  measureDecode(n: number, runs: number): { parseMs: number[]; decodeMs: number[]; jsonMB: number };
}

declare global {
  interface Window {
    __ganttBench?: BenchState;
  }
}

const TODAY = 29_000_000 + 1440 * 80;

/** A full-screen workspace on a generated schedule (?n=100000&scale=week), instrumented for gantt-perf.mjs. */
export function GanttBenchPage({ rows, scale }: { rows: number; scale: GanttScale }) {
  const [payload, setPayload] = useState<{ data: GanttData; arrived: number } | null>(null);
  const state = useMemo<BenchState>(
    () => ({
      rows,
      generateMs: 0,
      parseMs: 0,
      decodeMs: 0,
      firstPaintMs: null,
      frames: [],
      previews: [],
      expands: [],
      detailsOpen: [],
      selectionReported: [],
      engineReadyMs: null,
      changes: [],
      links: [],
      measureDecode(n, runs) {
        const generated = generateBenchData({ activities: n });
        const text = benchWireText(generated);
        const parseMs: number[] = [];
        const decodeMs: number[] = [];
        for (let k = 0; k < runs; k++) {
          const t0 = performance.now();
          const data = fromWireText(text, generated.attributes);
          const t1 = performance.now();
          decodeGanttData(data);
          parseMs.push(t1 - t0);
          decodeMs.push(performance.now() - t1);
        }
        return { parseMs, decodeMs, jsonMB: text.length / 1e6 };
      },
    }),
    [rows],
  );

  const client = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } }),
    [],
  );
  const [detailsId, setDetailsId] = useState<number | null>(null);
  // ?details=general (or another tab): the details of the picked work under the Gantt, as the workspace's dock.
  const showDetails = benchParams.has("details");
  const [tab, setTab] = useState<DetailsTab>((benchParams.get("details") as DetailsTab | null) || "general");
  const [pressedAt] = useState<{ t: number }>(() => ({ t: 0 }));
  useEffect(() => {
    const press = () => {
      pressedAt.t = performance.now();
    };
    window.addEventListener("pointerdown", press, { capture: true });
    return () => window.removeEventListener("pointerdown", press, { capture: true });
  }, [pressedAt]);

  useEffect(() => {
    window.__ganttBench = state;
    // Generation (the server's work) happens before the clock starts; the text stands in for the HTTP body.
    const g0 = performance.now();
    const generated = generateBenchData({ activities: rows });
    const text = benchWireText(generated);
    state.generateMs = performance.now() - g0;
    const arrived = performance.now();
    const data = fromWireText(text, generated.attributes);
    state.parseMs = performance.now() - arrived;
    setPayload({ data, arrived });
  }, [rows, state]);

  const probe = useMemo<WorkspaceGanttProps["probe"]>(
    () => ({
      frame(ms, dragging) {
        state.frames.push({ ms, dragging, at: performance.now() });
        if (state.firstPaintMs === null && payload) state.firstPaintMs = performance.now() - payload.arrived;
      },
      preview(engineMs, roundTripMs, mode) {
        state.previews.push({ engineMs, roundTripMs, mode });
      },
      engineReady(ms) {
        state.engineReadyMs = ms;
      },
      expand(ms) {
        state.expands.push(ms);
      },
    }),
    [state, payload],
  );

  const onChange = useCallback((c: GanttChange) => state.changes.push(c), [state]);
  const onLink = useCallback((l: GanttLink) => state.links.push(l), [state]);
  const data = payload?.data;
  const onSelectionChange = useCallback(
    (_ids: number[], active: number | null) => {
      if (pressedAt.t > 0) state.selectionReported.push(performance.now() - pressedAt.t);
      if (active !== null && data) seedDetails(client, data, active);
      setDetailsId(active);
    },
    [state, pressedAt, client, data],
  );

  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BenchFrame title="Planum · Gantt bench" count={`${rows.toLocaleString()} activities`}>
          {payload && (
            <div style={{ height: "100%", display: "flex", flexDirection: "column" }}>
              <div style={{ flex: 1, minHeight: 0 }}>
                <WorkspaceGantt
                  data={payload.data}
                  scale={scale}
                  today={TODAY}
                  probe={probe}
                  onChange={onChange}
                  onLink={onLink}
                  onSelectionChange={onSelectionChange}
                />
              </div>
              {showDetails && (
                <BenchDetails
                  data={payload.data}
                  itemId={detailsId}
                  tab={tab}
                  onTab={setTab}
                  onShown={() => {
                    if (pressedAt.t > 0) state.detailsOpen.push(performance.now() - pressedAt.t);
                    pressedAt.t = 0;
                  }}
                />
              )}
            </div>
          )}
        </BenchFrame>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
