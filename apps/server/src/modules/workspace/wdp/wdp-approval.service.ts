import type {
  WdpFactDecisionBody,
  WdpFactReport,
  WdpFactReportList,
  WdpMeasure,
  WdpMobile,
  WdpMobileReportBody,
  WdpMobileWork,
  WdpPending,
  WdpReportKind,
} from "@planum/contracts";
import { setDays, valueAt } from "@planum/engine";
import type { WdpReportCell } from "../../../db/schema/index.js";
import { abilitiesAt, type VersionScope } from "../../../platform/access.js";
import type { Db, Tx } from "../../../platform/db.js";
import { actingFor } from "../../../platform/delegation.js";
import { AppError } from "../../../platform/errors.js";
import { readWorks, type SeriesRow, seriesKey, type WorkRow } from "./wdp.repo.js";
import type { WdpService } from "./wdp.service.js";
import {
  decideReport,
  insertReport,
  lockReport,
  pendingCells,
  type ReportRead,
  readReports,
  reportSnapshot,
  reportVersion,
} from "./wdp-approval.repo.js";
import { dateOf, dayOf } from "./wdp-days.js";
import { asSeries, fromSeries } from "./wdp-series.js";
import { readSeries, readSeriesByKeys } from "./wdp-store.js";

const MINUTES_PER_DAY = 1440;

/** What the approval flow tells people (notices), kept apart so the flow does not depend on how notices are kept. */
export interface ApprovalNotices {
  /** A report waits: to the schedule's approvers (of facts by default; `plan`: plan changes of approved days). */
  reported(
    tx: Tx,
    vs: VersionScope,
    report: { id: string; itemIds: number[]; day: number; kind?: WdpReportKind },
  ): Promise<void>;
  /** A report was decided: to its reporter. */
  decided(
    tx: Tx,
    vs: VersionScope,
    report: { id: string; reporterId: string | null; itemIds: number[] },
  ): Promise<void>;
  /** After the commit: push what `reported` / `decided` added. */
  announce(): void;
}

/**
 * Approval of work done (docs/domain.md "Approval of work done"): a reporter (wdp:report, or schedule:write) sends
 * a day's done quantities; they wait in `wdp_reports` apart from the facts, so progress and analytics read approved
 * facts only. An approver (wdp:approve on the schedule) approves — the quantities become the works' facts of the
 * day, and the day's plan is kept as its approved plan — or declines with a comment. Each step runs through
 * WdpService.change: one transaction on the locked version, recorded as `undo_wdp`, announced as `wdp_updated`.
 */
export class WdpApprovalService {
  constructor(private readonly deps: { db: Db; wdp: WdpService; notices?: (tx: Tx) => ApprovalNotices }) {}

  private async abilities(vs: VersionScope) {
    const held = await abilitiesAt(this.deps.db, vs.grant, vs.lineage);
    return {
      canReport: held.includes("wdp:report") || held.includes("schedule:write"),
      canDecide: (await this.decidingFor(vs)) !== undefined,
    };
  }

  /** Null: the caller approves in their own right; an id: for that approver, under a delegation; undefined: may not. */
  private decidingFor(vs: VersionScope) {
    return actingFor(this.deps.db, vs.grant, vs.lineage, "wdp:approve", "approvals");
  }

  /** The works of a day open to a report: active works whose span holds the day or that have a plan on it. */
  async mobile(vs: VersionScope, query: { date?: string }): Promise<WdpMobile> {
    const { db, wdp } = this.deps;
    const limit = wdp.limit(vs.grant);
    const day = query.date ? dayOf(query.date) : dayOf(limit.keyDate);
    const spaceId = vs.grant.space.id;
    const all = await readWorks(db, spaceId, vs.version.id);
    const byId = new Map(all.map((w) => [w.id, w]));
    const candidates = all.filter((w) => w.type !== "sum" && w.status !== "disabled");
    const series = await readSeries(db, spaceId, vs.version.id, {
      itemIds: candidates.map((w) => w.id),
      kinds: ["plan", "fact"],
    });
    const byWork = new Map<number, SeriesRow[]>();
    for (const s of series) byWork.set(s.itemId, [...(byWork.get(s.itemId) ?? []), s]);
    const pending = new Map(
      (await pendingCells(db, spaceId, vs.version.id))
        .filter((c) => c.day === day && c.kind === "fact")
        .map((c) => [`${c.itemId}|${c.measure}`, c.value]),
    );
    const covers = (w: WorkRow) =>
      w.start !== null &&
      w.finish !== null &&
      w.start < (day + 1) * MINUTES_PER_DAY &&
      w.finish > day * MINUTES_PER_DAY;
    const works: WdpMobileWork[] = [];
    for (const w of candidates) {
      const own = byWork.get(w.id) ?? [];
      const plannedToday = own.some((s) => s.kind === "plan" && valueAt(asSeries(s), day) !== 0);
      if (!covers(w) && !plannedToday) continue;
      const measures = [...new Set(own.map((s) => s.measure))];
      if (!measures.includes("volume")) measures.unshift("volume");
      const of = (m: WdpMeasure, kind: "plan" | "fact") => own.find((s) => s.measure === m && s.kind === kind);
      works.push({
        itemId: w.id,
        code: w.code,
        name: w.name,
        unit: w.unit,
        parentName: w.parentId !== null ? (byId.get(w.parentId)?.name ?? null) : null,
        measures: measures.map((m) => ({
          measure: m,
          plan: valueAt(asSeries(of(m, "plan")), day),
          fact: valueAt(asSeries(of(m, "fact")), day),
          pending: pending.get(`${w.id}|${m}`) ?? null,
          planTotal: of(m, "plan")?.total ?? 0,
          factTotal: of(m, "fact")?.total ?? 0,
        })),
      });
    }
    const mine = await readReports(db, spaceId, vs.version.id, {
      reporterId: vs.grant.userId,
      day,
      status: "all",
      kind: "fact",
    });
    return {
      versionId: vs.version.id,
      date: dateOf(day),
      earliest: limit.earliest,
      keyDate: limit.keyDate,
      locked: vs.version.locked,
      ...(await this.abilities(vs)),
      works,
      mine: await this.toDtos(vs, mine),
    };
  }

  /** Sends a day's done quantities for approval; each passes the entry rules of a fact, all or nothing. */
  async report(vs: VersionScope, body: WdpMobileReportBody): Promise<WdpFactReport> {
    const { wdp } = this.deps;
    if (!(await this.abilities(vs)).canReport) throw new AppError("Forbidden");
    const rules = wdp.entryRules(vs.grant);
    const day = body.date ? dayOf(body.date) : rules.today;
    let id = "";
    const notices = this.deps.notices;
    let announce: (() => void) | undefined;
    await wdp.change(vs, "report_facts", async (tx) => {
      const works = await wdp.worksFor(
        tx,
        vs,
        body.cells.map((c) => c.itemId),
        { active: true },
      );
      // One value per work and measure: the last one typed wins.
      const cells = new Map<string, WdpReportCell>();
      for (const c of body.cells) {
        const value = wdp.checkCell(rules, works.get(c.itemId) as WorkRow, "fact", day, c.value);
        cells.set(`${c.itemId}|${c.measure}`, { itemId: c.itemId, measure: c.measure, value });
      }
      const row = await insertReport(tx, {
        spaceId: vs.grant.space.id,
        versionId: vs.version.id,
        day,
        cells: [...cells.values()],
        reporterId: vs.grant.userId,
        comment: body.comment ? body.comment : null,
      });
      id = row.id;
      const itemIds = [...works.keys()];
      if (notices) {
        const n = notices(tx);
        await n.reported(tx, vs, { id, itemIds, day });
        announce = () => n.announce();
      }
      return { series: [], works: [], reports: [{ id, row: null, itemIds }], touched: itemIds };
    });
    announce?.();
    const [created] = await readReports(this.deps.db, vs.grant.space.id, vs.version.id, { ids: [id], status: "all" });
    return (await this.toDtos(vs, [created]))[0];
  }

  /** The version's reports (waiting, decided or all) with each work's fact and plan of the reported day. */
  async list(vs: VersionScope, status: "pending" | "decided" | "all"): Promise<WdpFactReportList> {
    const rows = await readReports(this.deps.db, vs.grant.space.id, vs.version.id, { status });
    return {
      versionId: vs.version.id,
      canDecide: (await this.abilities(vs)).canDecide,
      reports: await this.toDtos(vs, rows),
    };
  }

  /** The version of a report named in a decision (404 when the space has no such report). */
  async versionOfReport(spaceId: string, reportId: string): Promise<string> {
    const versionId = await reportVersion(this.deps.db, spaceId, reportId);
    if (!versionId) throw new AppError("NotFound");
    return versionId;
  }

  /** Cells waiting for approval (the grid marks them). */
  async pending(vs: VersionScope): Promise<WdpPending> {
    const cells = await pendingCells(this.deps.db, vs.grant.space.id, vs.version.id);
    return {
      versionId: vs.version.id,
      cells: cells.map((c) => ({
        itemId: c.itemId,
        measure: c.measure,
        kind: c.kind,
        date: dateOf(c.day),
        value: c.value,
      })),
    };
  }

  /**
   * Approves or declines a waiting report. Approving writes each quantity as the work's fact of the day (replacing
   * what was there) and keeps the day's plan as its approved plan; works deleted or turned off since are skipped.
   * A report is decided once: a second decision is refused (WdpReportDecided).
   */
  async decide(vs: VersionScope, body: WdpFactDecisionBody): Promise<WdpFactReport> {
    const { wdp } = this.deps;
    const decidedFor = await this.decidingFor(vs);
    if (decidedFor === undefined) throw new AppError("Forbidden");
    const notices = this.deps.notices;
    let announce: (() => void) | undefined;
    await wdp.change(vs, body.decision === "APPROVED" ? "report_approved" : "report_declined", async (tx) => {
      const row = await lockReport(tx, vs.grant.space.id, vs.version.id, body.reportId);
      if (!row) throw new AppError("NotFound");
      if (row.status !== "pending") throw new AppError("WdpReportDecided");
      const before = reportSnapshot(row);
      await decideReport(tx, row.id, {
        status: body.decision,
        decidedBy: vs.grant.userId,
        decidedFor,
        decisionComment: body.comment ? body.comment : null,
      });
      const itemIds = [...new Set(row.cells.map((c) => c.itemId))];
      let series: SeriesRow[] = [];
      let stored: SeriesRow[] = [];
      if (body.decision === "APPROVED")
        ({ series, stored } = await this.approvedSeries(tx, vs, row.day, row.cells, row.kind));
      if (notices) {
        const n = notices(tx);
        await n.decided(tx, vs, { id: row.id, reporterId: row.reporterId, itemIds });
        announce = () => n.announce();
      }
      return {
        series,
        works: [],
        before: stored,
        reports: [{ id: row.id, row: before, itemIds }],
        touched: itemIds,
      };
    });
    announce?.();
    const [decided] = await readReports(this.deps.db, vs.grant.space.id, vs.version.id, {
      ids: [body.reportId],
      status: "all",
    });
    return (await this.toDtos(vs, [decided]))[0];
  }

  /**
   * The series an approval writes, per work and measure: of reported facts, the fact of the day and the day's plan
   * as its approved plan; of a plan change, the new plan as both the day's plan and its approved plan.
   */
  private async approvedSeries(
    tx: Tx,
    vs: VersionScope,
    day: number,
    cells: WdpReportCell[],
    reportKind: WdpReportKind,
  ) {
    const works = await readWorks(
      tx,
      vs.grant.space.id,
      vs.version.id,
      cells.map((c) => c.itemId),
    );
    const live = new Set(works.filter((w) => w.type !== "sum" && w.status !== "disabled").map((w) => w.id));
    const kept = cells.filter((c) => live.has(c.itemId));
    const keys = kept.flatMap((c) =>
      (["fact", "approved_plan", "plan"] as const).map((kind) => ({
        itemId: c.itemId,
        measure: c.measure as WdpMeasure,
        kind,
      })),
    );
    const stored = await readSeriesByKeys(tx, vs.version.id, keys);
    const byKey = new Map(stored.map((s) => [seriesKey(s), s]));
    const series: SeriesRow[] = [];
    for (const c of kept) {
      const measure = c.measure as WdpMeasure;
      const key = (kind: "fact" | "approved_plan" | "plan") => ({ itemId: c.itemId, measure, kind });
      const plan = reportKind === "plan" ? c.value : valueAt(asSeries(byKey.get(seriesKey(key("plan")))), day);
      const changed = reportKind === "plan" ? key("plan") : key("fact");
      series.push(fromSeries(changed, setDays(asSeries(byKey.get(seriesKey(changed)), day), [[day, c.value]])));
      series.push(
        fromSeries(
          key("approved_plan"),
          setDays(asSeries(byKey.get(seriesKey(key("approved_plan"))), day), [[day, plan]]),
        ),
      );
    }
    return {
      series,
      stored: reportKind === "plan" ? stored.filter((s) => s.kind !== "fact") : stored.filter((s) => s.kind !== "plan"),
    };
  }

  /** Reports as answered: each cell with its work's code, name and unit, and its fact and plan of the day. */
  private async toDtos(vs: VersionScope, rows: ReportRead[]): Promise<WdpFactReport[]> {
    if (rows.length === 0) return [];
    const { db } = this.deps;
    const ids = [...new Set(rows.flatMap((r) => r.cells.map((c) => c.itemId)))];
    const days = rows.map((r) => r.day);
    const works = new Map((await readWorks(db, vs.grant.space.id, vs.version.id, ids)).map((w) => [w.id, w]));
    const series = await readSeries(db, vs.grant.space.id, vs.version.id, {
      itemIds: ids,
      kinds: ["plan", "fact"],
      from: Math.min(...days),
      to: Math.max(...days),
    });
    const byKey = new Map(series.map((s) => [seriesKey(s), s]));
    const at = (itemId: number, measure: string, kind: string, day: number) =>
      valueAt(asSeries(byKey.get(seriesKey({ itemId, measure, kind }))), day);
    return rows.map((r) => ({
      id: r.id,
      versionId: r.versionId,
      date: dateOf(r.day),
      kind: r.kind,
      status: r.status,
      reporter: r.reporterId ? { id: r.reporterId, name: r.reporterName ?? "" } : null,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
      decidedBy: r.decidedBy ? { id: r.decidedBy, name: r.deciderName ?? "" } : null,
      decidedFor: r.decidedFor ? { id: r.decidedFor, name: r.decidedForName ?? "" } : null,
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      decisionComment: r.decisionComment,
      cells: r.cells
        .filter((c) => works.has(c.itemId))
        .map((c) => {
          const w = works.get(c.itemId) as WorkRow;
          return {
            itemId: c.itemId,
            code: w.code,
            name: w.name,
            unit: w.unit,
            measure: c.measure as WdpMeasure,
            value: c.value,
            fact: at(c.itemId, c.measure, "fact", r.day),
            plan: at(c.itemId, c.measure, "plan", r.day),
          };
        }),
    }));
  }
}
