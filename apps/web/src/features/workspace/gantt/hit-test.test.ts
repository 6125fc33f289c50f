import { describe, expect, it } from "vitest";
import { endUnder, linkType, moveStartLimit, resizeDuration } from "./bar-drag";
import { barBox, hitTest, modelDates, ROW_HEIGHT } from "./bar-layout";
import { routeArrow } from "./relation-arrows";
import { decodeGanttData } from "./row-model";
import { fixtureData, T } from "./test-fixture";

describe("bar hit-testing", () => {
  const model = decodeGanttData(fixtureData());
  const dates = modelDates(model);
  const v = { origin: T("2025-01-06T00:00"), pxPerDay: 48, scrollX: 0 };
  const list = [0, 1, 2, 3, 4, 5, 6];
  const at = (p: number) => list[p];
  const hit = (x: number, y: number) => hitTest(model, at, list.length, dates, x, y, 0, v);
  const mid = (pos: number) => pos * ROW_HEIGHT + ROW_HEIGHT / 2;

  it("places bars by their dates", () => {
    const a = barBox(model, dates, 1, 1, 0, v);
    // A runs 06.01 08:00 → 07.01 17:00: x = 16 … 48 + 34 = 82.
    expect(a).toMatchObject({ shape: "bar", x0: 16, x1: 82, cy: mid(1) });
    expect(barBox(model, dates, 5, 5, 0, v)?.shape).toBe("milestone");
    expect(barBox(model, dates, 0, 0, 0, v)?.shape).toBe("summary");
  });

  it("tells the body, the resize edge and the link zones apart", () => {
    expect(hit(40, mid(1))?.part).toBe("body");
    expect(hit(80, mid(1))?.part).toBe("resize");
    expect(hit(90, mid(1))?.part).toBe("link-finish");
    expect(hit(8, mid(1))?.part).toBe("link-start");
    expect(hit(200, mid(1))).toBeNull();
    expect(hit(40, mid(1) + 13)).toBeNull();
    expect(hit(40, mid(0))).toMatchObject({ row: 0, part: "body" });
    expect(hit(40, mid(9))).toBeNull();
    // Milestone M (finish 14.01 17:00) is one diamond: body in the middle, links beside it.
    const mx = ((T("2025-01-14T17:00") - v.origin) / 1440) * 48;
    expect(hit(mx, mid(5))?.part).toBe("body");
    expect(hit(mx + 10, mid(5))?.part).toBe("link-finish");
  });

  it("turns drags into a snapped start limit and a duration", () => {
    // 2 days to the right at day snapping lands on 08.01 00:00, then the calendar's next working start.
    expect(moveStartLimit(model, 1, model.es[1], 96, v)).toBe(T("2025-01-08T08:00"));
    // Onto Saturday: the limit moves on to Monday morning.
    expect(moveStartLimit(model, 1, model.es[1], 48 * 5, v)).toBe(T("2025-01-13T08:00"));
    // Right edge dropped on the 09.01 boundary: work until the end of 08.01 = 3 days.
    expect(resizeDuration(model, 1, model.es[1], ((T("2025-01-09T00:00") - v.origin) / 1440) * 48, v)).toBe(1440);
    expect(linkType("finish", "start")).toBe("FS");
    expect(linkType("start", "start")).toBe("SS");
    expect(linkType("finish", "finish")).toBe("FF");
    expect(linkType("start", "finish")).toBe("SF");
    expect(endUnder(12, 10, 50)).toBe("start");
    expect(endUnder(45, 10, 50)).toBe("finish");
  });

  it("routes arrows around the bars they join", () => {
    // FS forward: right stub, down, into the successor's start.
    expect(routeArrow(0, 100, 14, 140, 42, 28)).toEqual([100, 14, 108, 14, 108, 42, 140, 42]);
    // FS backwards: steps back along the row boundary.
    expect(routeArrow(0, 100, 14, 60, 42, 28)).toEqual([100, 14, 108, 14, 108, 28, 52, 28, 52, 42, 60, 42]);
    // SS: left of both starts.
    expect(routeArrow(1, 100, 14, 80, 42, 28)).toEqual([100, 14, 72, 14, 72, 42, 80, 42]);
    // FF: right of both finishes, entering from the right.
    expect(routeArrow(2, 100, 14, 150, 42, 28)).toEqual([100, 14, 158, 14, 158, 42, 150, 42]);
    // SF: from the start leftwards to a finish further left.
    expect(routeArrow(3, 100, 14, 50, 42, 28)).toEqual([100, 14, 92, 14, 92, 42, 50, 42]);
  });
});
