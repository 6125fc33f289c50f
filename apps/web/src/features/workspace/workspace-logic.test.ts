import type { AttributeDto, GanttColumns, Version } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { changeToUpdate, placementFor, toGanttData } from "./gantt-payload";
import { daysToMinutes, minutesToDays, showDateTime } from "./relation-format";
import { afterUndo, EMPTY_LEDGER, type LedgerCommand, recordCommand, shortcutOf, takeRedo } from "./undo-ledger";
import { nextLabel, orderVersions, pickVersion, targetChoices } from "./version-order";

const version = (id: string, kind: Version["kind"], createdAt: string, label = id): Version => ({
  id,
  scheduleId: "s",
  kind,
  label,
  locked: false,
  dataDate: null,
  projectStart: "2025-01-13T08:00",
  calcStatus: "not_calculated",
  calcError: null,
  calculatedAt: null,
  finish: null,
  revision: 0,
  createdAt,
  detailsStatus: null,
  detailsError: null,
});

describe("version list", () => {
  const list = [
    version("v1", "version", "2025-01-01T00:00:00Z"),
    version("t1", "target", "2025-01-02T00:00:00Z"),
    version("a", "actual", "2024-12-01T00:00:00Z"),
    version("v2", "version", "2025-02-01T00:00:00Z"),
  ];

  it("puts the actual version first, then working versions newest first, then targets", () => {
    expect(orderVersions(list).map((v) => v.id)).toEqual(["a", "v2", "v1", "t1"]);
  });

  it("opens the version the address names, else the actual one", () => {
    expect(pickVersion(list, "v1")?.id).toBe("v1");
    expect(pickVersion(list, "gone")?.id).toBe("a");
    expect(pickVersion(list, null)?.id).toBe("a");
    expect(pickVersion([], "v1")).toBeNull();
    expect(targetChoices(list, "a").map((v) => v.id)).toEqual(["t1"]);
  });

  it("proposes a label not used yet", () => {
    expect(nextLabel([version("x", "version", "", "Версия 2")], "Версия")).toBe("Версия 3");
  });
});

const columns: GanttColumns = {
  version: 1,
  ids: [10, 20, 30],
  parent: [-1, 0, 0],
  type: [0, 2, 2],
  code: ["WBS10", "A20", "A30"],
  name: ["Раздел", "Фундамент", "Стены"],
  calendar: [0, 0, 0],
  duration: [0, 480, 960],
  remaining: [-1, -1, -1],
  earlyStart: [-1, -1, -1],
  earlyFinish: [-1, -1, -1],
  lateStart: [-1, -1, -1],
  lateFinish: [-1, -1, -1],
  totalFloat: [null, null, null],
  freeFloat: [null, null, null],
  critical: [0, 0, 0],
  progress: [0, 0, 0],
  baselineStart: [-1, -1, -1],
  baselineFinish: [-1, -1, -1],
  actualStart: [-1, -1, -1],
  actualFinish: [-1, -1, -1],
  startLimitType: [0, 0, 0],
  startLimitDate: [-1, -1, -1],
  finishLimitType: [0, 0, 0],
  finishLimitDate: [-1, -1, -1],
  revision: [1, 4, 2],
  elapsed: [0, 0, 0],
  plannedCost: [1500.5, 1000.5, 500],
  actualCost: [null, null, null],
  plannedLabour: [null, null, null],
  actualLabour: [null, null, null],
  plannedVolume: [null, null, null],
  actualVolume: [null, null, null],
  expanded: [1, 1, 1],
  attrs: { d1: [null, "2025-03-04", null] },
  relations: { from: [1], to: [2], type: [0], lag: [0] },
  calendars: [{ id: "c", week: [] }],
  defaultCalendar: 0,
  projectStart: 0,
  dataDate: -1,
  calcStatus: "not_calculated",
  versionRevision: 7,
};
const attribute = (id: string, type: AttributeDto["type"], computed = false) =>
  ({ id, name: id.toUpperCase(), type, target: "work", computed }) as AttributeDto;

describe("gantt payload", () => {
  it("adds the schedule's attribute columns, one value per row, dates as minutes", () => {
    const data = toGanttData(columns, [
      attribute("d1", "date"),
      attribute("n1", "number"),
      attribute("c1", "number", true),
    ]);
    expect(data.attributes).toEqual([
      { id: "d1", label: "D1", kind: "date" },
      { id: "n1", label: "N1", kind: "number" },
    ]);
    expect(data.attrs?.d1).toEqual([null, Date.UTC(2025, 2, 4) / 60_000, null]);
    expect(data.attrs?.n1).toEqual([null, null, null]);
    expect("versionRevision" in data).toBe(false);
  });

  it("turns each kind of grid edit into an update carrying the row's revision", () => {
    expect(changeToUpdate({ id: 20, revision: 4, kind: "duration", value: 959.6 })).toEqual({
      revision: 4,
      duration: 960,
    });
    expect(
      changeToUpdate({
        id: 20,
        revision: 4,
        kind: "startLimit",
        value: { type: "not_earlier", date: Date.UTC(2025, 0, 14, 8) / 60_000 },
      }),
    ).toEqual({ revision: 4, startLimitType: "not_earlier", startLimitDate: "2025-01-14T08:00" });
    expect(changeToUpdate({ id: 20, revision: 4, kind: "progress", value: 50 })).toEqual({
      revision: 4,
      percentComplete: 50,
    });
    expect(
      changeToUpdate(
        { id: 20, revision: 4, kind: "attribute", attributeId: "d1", value: Date.UTC(2025, 2, 4) / 60_000 },
        [{ id: "d1", label: "D", kind: "date" }],
      ),
    ).toEqual({ revision: 4, attrs: { d1: "2025-03-04" } });
  });

  it("places a new row under a selected sum, else after the selected row", () => {
    expect(placementFor(columns, 10)).toEqual({ parentId: 10 });
    expect(placementFor(columns, 20)).toEqual({ parentId: 10, afterId: 20 });
    expect(placementFor(columns, null)).toEqual({ parentId: null });
  });
});

describe("relations tab formats", () => {
  it("shows floats in 8-hour days and reads typed lags with a comma", () => {
    expect(minutesToDays(720, "ru")).toBe("1,5");
    expect(minutesToDays(null, "en")).toBe("");
    expect(daysToMinutes(" 2,5 ")).toBe(1200);
    expect(daysToMinutes("-1")).toBe(-480);
    expect(daysToMinutes("")).toBeNull();
    expect(showDateTime("2025-01-14T08:00")).toBe("14.01.2025 08:00");
  });
});

describe("undo ledger", () => {
  const command = (action: string): LedgerCommand => ({ action, itemIds: [], replay: async () => action });

  it("moves this tab's undone change to redo, and a new change clears redo", () => {
    let ledger = recordCommand(EMPTY_LEDGER, command("update"));
    ledger = afterUndo(ledger, { action: "update", userId: "me" }, "me");
    expect(ledger.undone.map((c) => c.action)).toEqual(["update"]);
    const step = takeRedo(ledger);
    expect(step?.command.action).toBe("update");
    expect(step?.next.done.map((c) => c.action)).toEqual(["update"]);
    ledger = afterUndo(step!.next, { action: "update", userId: "me" }, "me");
    expect(recordCommand(ledger, command("move")).undone).toEqual([]);
  });

  it("offers no redo when the undone action was someone else's or not this tab's", () => {
    const ledger = recordCommand(EMPTY_LEDGER, command("update"));
    expect(afterUndo(ledger, { action: "update", userId: "other" }, "me")).toEqual({ done: ledger.done, undone: [] });
    expect(afterUndo(ledger, { action: "relation_delete", userId: "me" }, "me").undone).toEqual([]);
    expect(takeRedo(EMPTY_LEDGER)).toBeNull();
  });

  it("maps Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z, also on a Russian layout, but not while typing", () => {
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: true,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...extra,
    });
    expect(shortcutOf(key("z"), false)).toBe("undo");
    expect(shortcutOf(key("я"), false)).toBe("undo");
    expect(shortcutOf(key("y"), false)).toBe("redo");
    expect(shortcutOf(key("Z", { shiftKey: true }), false)).toBe("redo");
    expect(shortcutOf(key("z"), true)).toBeNull();
    expect(shortcutOf(key("z", { ctrlKey: false }), false)).toBeNull();
  });
});
