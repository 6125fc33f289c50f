import { type PASTE_COLUMNS, parseNumber, parseUserDate } from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { countItems, insertItem, lockAllItems, orderAt, requireSumParent, siblings, updateItem } from "./wbs.repo.js";
import { applyChange, editValues } from "./wbs-changes.js";
import { staleRevision, toWbsDto, treeOrder, type WbsRow } from "./wbs-dto.js";

type PasteColumn = (typeof PASTE_COLUMNS)[number];
type Values = Record<string, string | number | null>;

/** Minutes in a pasted "day" of duration: spreadsheets count durations in 8-hour days. */
const MINUTES_PER_DAY = 480;
const DATE_COLUMNS = new Set<PasteColumn>(["startLimitDate", "finishLimitDate", "actualStart", "actualFinish"]);
const TEXT_COLUMNS = new Set<PasteColumn>(["code", "name", "measure"]);
/** Fields that cannot be empty: an empty cell leaves them as they are. */
const KEPT_WHEN_EMPTY = new Set<PasteColumn>(["code", "name", "durationDays", "percentComplete"]);

/**
 * Reads one cell: empty clears the field (required ones stay as they are), text is trimmed, numbers accept a decimal
 * comma, dates the spec's formats. Returns undefined to leave the field alone, or the error code of a bad cell.
 */
function readCell(
  column: PasteColumn,
  text: string,
): { value?: string | number | null; error?: "InvalidNumber" | "InvalidDate" | "MaxLength" } {
  const cell = text.trim();
  if (cell === "") return KEPT_WHEN_EMPTY.has(column) ? {} : { value: null };
  if (TEXT_COLUMNS.has(column)) {
    const max = column === "name" ? 512 : column === "code" ? 64 : 32;
    return cell.length > max ? { error: "MaxLength" } : { value: cell };
  }
  if (DATE_COLUMNS.has(column)) {
    const parsed = parseUserDate(cell);
    if (!parsed) return { error: "InvalidDate" };
    return {
      value:
        parsed.length === 10
          ? `${parsed}T${column === "actualFinish" || column === "finishLimitDate" ? "17:00" : "08:00"}`
          : parsed,
    };
  }
  const number = parseNumber(cell);
  if (number === null) return { error: "InvalidNumber" };
  if (column === "durationDays")
    return number < 0 ? { error: "InvalidNumber" } : { value: Math.round(number * MINUTES_PER_DAY) };
  if (column === "percentComplete") return number < 0 || number > 100 ? { error: "InvalidNumber" } : { value: number };
  return { value: number };
}

function rowValues(
  columns: PasteColumn[],
  cells: string[],
  rowIndex: number,
  errors: { code: "InvalidNumber" | "InvalidDate" | "MaxLength"; params: Record<string, string | number> }[],
) {
  const values: Values = {};
  columns.forEach((column, c) => {
    if (c >= cells.length) return;
    const read = readCell(column, cells[c]);
    if (read.error) errors.push({ code: read.error, params: { row: rowIndex + 1, column: c + 1, field: column } });
    else if (read.value !== undefined) values[column === "durationDays" ? "duration" : column] = read.value;
  });
  return values;
}

/** Paste of a block of spreadsheet cells (spec: paste-matrix): overwrite rows in tree order, add the rest as works. */
export class WbsPasteService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async paste(
    scope: VersionScope,
    body: {
      startId?: number;
      parentId?: number | null;
      columns: PasteColumn[];
      rows: string[][];
      revisions?: Record<string, number>;
    },
  ) {
    const errors: { code: "InvalidNumber" | "InvalidDate" | "MaxLength"; params: Record<string, string | number> }[] =
      [];
    const parsed = body.rows.map((cells, i) => rowValues(body.columns, cells, i, errors));
    if (errors.length > 0) throw new AppError(errors[0].code, errors[0].params, errors.slice(0, 50));
    const { grant, version } = scope;
    return applyChange(this.deps, scope, "undo_wbs", "paste", async (tx) => {
      let targets: WbsRow[] = [];
      let parentId = body.parentId ?? null;
      if (body.startId !== undefined) {
        const all = await lockAllItems(tx, version.id);
        const order = treeOrder(
          all.map((r) => r.id),
          all.map((r) => r.parentId ?? -1),
          all.map((r) => r.sortOrder),
        ).map((i) => all[i]);
        const start = order.findIndex((r) => r.id === body.startId);
        if (start < 0) throw new AppError("NotFound");
        targets = order.slice(start, start + parsed.length);
        if (body.parentId === undefined) parentId = targets[targets.length - 1].parentId;
        const stale = targets.filter(
          (r) => body.revisions?.[r.id] !== undefined && body.revisions[r.id] !== r.revision,
        );
        if (stale.length > 0) throw staleRevision("wbs_item", stale.map(toWbsDto), stale[0].id, stale[0].revision);
      }
      await requireSumParent(tx, version.id, parentId);
      const changed: number[] = [];
      for (let k = 0; k < targets.length; k++) {
        const set = editValues(targets[k], parsed[k] as never, version.dataDate ?? version.projectStart);
        await updateItem(tx, targets[k].id, set);
        changed.push(targets[k].id);
      }
      const extra = parsed.slice(targets.length);
      const created: number[] = [];
      if (extra.length > 0) {
        const list = await siblings(tx, version.id, parentId);
        let order = orderAt(list, list.length);
        const count = await countItems(tx, version.id);
        for (let k = 0; k < extra.length; k++) {
          const values = extra[k] as Record<string, never>;
          const row = await insertItem(tx, {
            ...values,
            spaceId: grant.space.id,
            versionId: version.id,
            parentId,
            sortOrder: order++,
            type: "work",
            code: (values.code as string | undefined) ?? `A${(count + k + 1) * 10}`,
            name: (values.name as string | undefined) ?? `${count + k + 1}`,
            duration: (values.duration as number | null | undefined) ?? MINUTES_PER_DAY,
            attrs: {},
          });
          created.push(row.id);
        }
      }
      return {
        result: { updated: changed, created },
        changed: [...changed, ...created],
        inverse: { wbs: { restore: targets, remove: created } },
        itemCount: changed.length + created.length,
      };
    });
  }
}
