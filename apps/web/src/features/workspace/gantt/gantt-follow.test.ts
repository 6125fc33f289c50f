import { describe, expect, it } from "vitest";
import { NO_TIME, TYPE_MILESTONE_FINISH, TYPE_SUM, TYPE_TASK } from "./gantt-data";
import { REVEAL_INSET, revealRowsScrollX, todayJump } from "./gantt-follow";
import { timeToX } from "./scale-math";
import { T } from "./test-fixture";

const DAY = 1440;
const origin = T("2025-01-01T00:00");
const view = (scrollX: number) => ({ origin, pxPerDay: 10, scrollX });

/** Rows: [0] a summary over everything, [1] a task in January, [2] a task in June, [3] a milestone in June, [4] none. */
const start = [T("2025-01-06T08:00"), T("2025-01-06T08:00"), T("2025-06-02T08:00"), T("2025-06-20T17:00"), NO_TIME];
const finish = [T("2025-06-20T17:00"), T("2025-01-10T17:00"), T("2025-06-13T17:00"), T("2025-06-20T17:00"), NO_TIME];
const model = { type: Uint8Array.from([TYPE_SUM, TYPE_TASK, TYPE_TASK, TYPE_MILESTONE_FINISH, TYPE_TASK]) };
const dates = { start: (i: number) => start[i], finish: (i: number) => finish[i] };
const WIDTH = 600;

describe("the timeline follows the rows", () => {
  it("stays put while a bar of the rows is in view", () => {
    expect(revealRowsScrollX(model, dates, [1, 2], view(0), WIDTH)).toBeNull();
    // only the end of the January bar shows at the left edge: still in view
    const v = view(timeToX(T("2025-01-09T00:00"), view(0)));
    expect(revealRowsScrollX(model, dates, [1], v, WIDTH)).toBeNull();
  });

  it("brings the earliest work of the rows in, at the inset from the left", () => {
    const x = revealRowsScrollX(model, dates, [0, 2, 3, 4], view(0), WIDTH);
    expect(x).not.toBeNull();
    expect(timeToX(start[2], view(x as number))).toBeCloseTo(REVEAL_INSET, 5);
    // scrolled far to the right of a January work, it comes back left
    const back = revealRowsScrollX(model, dates, [1], view(3000), WIDTH);
    expect(timeToX(start[1], view(back as number))).toBeCloseTo(REVEAL_INSET, 5);
  });

  it("ignores a summary on screen when works are there too, but follows summaries alone", () => {
    // the summary spans January–June, so it is in view at scroll 0, yet the June work is not
    expect(revealRowsScrollX(model, dates, [0, 2], view(0), WIDTH)).not.toBeNull();
    expect(revealRowsScrollX(model, dates, [0], view(0), WIDTH)).toBeNull();
    const x = revealRowsScrollX(model, dates, [0], view(5000), WIDTH);
    expect(timeToX(start[0], view(x as number))).toBeCloseTo(REVEAL_INSET, 5);
  });

  it("does nothing for rows without dates", () => {
    expect(revealRowsScrollX(model, dates, [4], view(3000), WIDTH)).toBeNull();
    expect(revealRowsScrollX(model, dates, [], view(3000), WIDTH)).toBeNull();
  });
});

describe("scroll to today", () => {
  const from = start[0];
  const to = finish[0];
  it("puts today a third into the pane when the schedule spans it", () => {
    const today = T("2025-03-03T10:00");
    const jump = todayJump(today, from, to, view(0), WIDTH);
    expect(jump.where).toBe("inside");
    expect(timeToX(today, view(jump.scrollX))).toBeCloseTo(WIDTH / 3, 5);
  });

  it("says when today is after the schedule and shows its finish", () => {
    const jump = todayJump(T("2026-11-24T10:00"), from, to, view(0), WIDTH);
    expect(jump.where).toBe("after");
    expect(timeToX(to, view(jump.scrollX))).toBeCloseTo((WIDTH * 2) / 3, 5);
  });

  it("says when today is before the schedule and shows its start", () => {
    const jump = todayJump(from - 30 * DAY, from, to, view(9000), WIDTH);
    expect(jump.where).toBe("before");
    expect(timeToX(from, view(jump.scrollX))).toBeCloseTo(REVEAL_INSET, 5);
  });
});
