import type { NetworkRelations, NetworkTasks, NetworkWorks } from "@planum/contracts";
import { assertDetailsIn, type VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { textMinutes } from "../../../platform/time.js";
import { treeOrder } from "../wbs/wbs-dto.js";
import { readCalendars, readItems, readRelations, readSummaries } from "./network-diagram.repo.js";

const TYPE_CODE: Record<string, number> = {
  sum: 0,
  task: 1,
  work: 2,
  milestone_start: 3,
  milestone_finish: 4,
  draft: 5,
};
const LINK_CODE: Record<string, number> = { fs: 0, ss: 1, ff: 2, sf: 3 };

/** Not boxes of the diagram: summaries group them, drafts are not scheduled. */
const isBox = (type: string) => type !== "sum" && type !== "draft";

/**
 * The network diagram of a version (spec §7 `network-diagram tasks/works/relations`): its WBS summaries, its works
 * as boxes with the calculated dates and floats, and the relations between them — compact columns, read only.
 */
export class NetworkDiagramService {
  constructor(private readonly deps: { db: Db }) {}

  async tasks(scope: VersionScope): Promise<NetworkTasks> {
    assertDetailsIn(scope.version);
    const c = await readSummaries(this.deps.db, scope.grant.space.id, scope.version.id);
    const order = treeOrder(c.id, c.p, c.o);
    const known = new Set(c.id);
    return {
      ids: order.map((i) => c.id[i]),
      parent: order.map((i) => (known.has(c.p[i]) ? c.p[i] : -1)),
      code: order.map((i) => c.code[i]),
      name: order.map((i) => c.name[i]),
      versionRevision: scope.version.revision,
    };
  }

  async works(scope: VersionScope): Promise<NetworkWorks> {
    assertDetailsIn(scope.version);
    const spaceId = scope.grant.space.id;
    const version = scope.version;
    const [c, calendarRows] = await Promise.all([
      readItems(this.deps.db, spaceId, version.id),
      readCalendars(this.deps.db, spaceId),
    ]);
    const calendarIndex = new Map(calendarRows.map((row, i) => [row.id, i]));
    const defaultCalendar = Math.max(
      0,
      calendarRows.findIndex((row) => row.d),
    );
    // Boxes are packed in WBS order, so the order is the whole tree's, summaries then left out.
    const order = treeOrder(c.id, c.p, c.o).filter((i) => isBox(c.t[i]));
    const pick = <T>(column: T[]) => order.map((i) => column[i]);
    return {
      ids: pick(c.id),
      parent: pick(c.p),
      type: order.map((i) => TYPE_CODE[c.t[i]]),
      code: pick(c.code),
      name: pick(c.name),
      calendar: order.map((i) => {
        const cal = c.cal[i];
        return cal === null ? defaultCalendar : (calendarIndex.get(cal) ?? defaultCalendar);
      }),
      duration: pick(c.d),
      earlyStart: pick(c.es),
      earlyFinish: pick(c.ef),
      lateStart: pick(c.ls),
      lateFinish: pick(c.lf),
      actualStart: pick(c.as),
      actualFinish: pick(c.af),
      totalFloat: pick(c.tf),
      critical: order.map((i) => (c.cr[i] ? 1 : 0)),
      progress: pick(c.pc),
      revision: pick(c.rev),
      calendars: calendarRows.map((row) => ({ id: row.id, week: row.week, exceptions: row.exceptions })),
      projectStart: textMinutes(version.projectStart),
      dataDate: version.dataDate ? textMinutes(version.dataDate) : -1,
      calcStatus: version.calcStatus,
      versionRevision: version.revision,
    };
  }

  async relations(scope: VersionScope): Promise<NetworkRelations> {
    assertDetailsIn(scope.version);
    const r = await readRelations(this.deps.db, scope.grant.space.id, scope.version.id);
    return {
      ids: r.id,
      from: r.a,
      to: r.b,
      type: r.t.map((t) => LINK_CODE[t]),
      lag: r.l,
      versionRevision: scope.version.revision,
    };
  }
}
