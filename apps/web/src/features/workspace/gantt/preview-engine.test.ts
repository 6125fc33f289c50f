import { describe, expect, it } from "vitest";
import { PreviewSession, previewNetworkOf, toNetworkInput } from "./preview-engine";
import { decodeGanttData } from "./row-model";
import { fixtureData, T } from "./test-fixture";

describe("preview engine", () => {
  const model = decodeGanttData(fixtureData());

  it("builds the engine's network from the row model", () => {
    const input = toNetworkInput(previewNetworkOf(model));
    expect(input.activities[6]).toMatchObject({ id: "6", type: "task" });
    expect(input.activities[4]).toMatchObject({ parent: "3", type: "task", duration: 2400 });
    expect(input.relations[1]).toEqual({ from: "2", to: "4", type: "SS", lag: 0 });
    expect(input.projectStart).toBe("2025-01-06T08:00");
  });

  it("previews a moved start limit and a new duration, cancels and commits", () => {
    const session = new PreviewSession(previewNetworkOf(model));
    const before = session.read([1, 2, 4]);
    expect(before.es[0]).toBe(T("2025-01-06T08:00"));
    session.apply({ row: 1, kind: "startLimit", value: T("2025-01-13T08:00") });
    const moved = session.read([1, 2]);
    expect(moved.es[0]).toBe(T("2025-01-13T08:00"));
    // B follows A (FS): it starts when A finishes two days later.
    expect(moved.es[1]).toBe(T("2025-01-15T08:00"));
    session.cancel();
    expect(session.read([1]).es[0]).toBe(T("2025-01-06T08:00"));
    session.apply({ row: 1, kind: "duration", value: 480 });
    const committed = session.commit();
    const b = Array.from(committed.rows).indexOf(2);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(committed.es[b]).toBe(T("2025-01-07T08:00"));
  });
});
