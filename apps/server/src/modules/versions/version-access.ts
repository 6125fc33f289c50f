import type { Version } from "@planum/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { versions } from "../../db/schema/index.js";
import {
  assertUnlocked,
  type Grant,
  loadSchedule,
  loadVersion,
  requireAt,
  type VersionRow,
} from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";

export type { VersionRow, VersionScope } from "../../platform/access.js";
export type GateContext = Pick<AppContext, "db" | "sessions" | "access">;

/** "2025-01-13 08:00:00" (either driver's text of a timestamp without time zone) → "2025-01-13T08:00". */
export function wallClockText(value: string | null | undefined): string | null {
  if (value == null) return null;
  return `${value.slice(0, 10)}T${value.slice(11, 16)}`;
}

export function toVersionDto(row: VersionRow): Version {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    kind: row.kind,
    label: row.label,
    locked: row.locked,
    dataDate: wallClockText(row.dataDate),
    projectStart: wallClockText(row.projectStart)!,
    calcStatus: row.calcStatus,
    calcError: row.calcError,
    calculatedAt: row.calculatedAt?.toISOString() ?? null,
    finish: wallClockText(row.finish),
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every workspace call needs the space of `X-Space-Id` and the right to see schedules. */
export function workspaceGate(ctx: GateContext, request: FastifyRequest): Promise<Grant> {
  return ctx.access.space("schedule:read").check(request, {});
}

/** A schedule of the caller's space and its lineage, or 404 (another space's schedule included). */
export async function loadScheduleScope(db: DbOrTx, grant: Grant, scheduleId: string) {
  const found = await loadSchedule(db, grant.space.id, scheduleId);
  return {
    id: found.schedule.id,
    name: found.schedule.name,
    projectId: found.schedule.projectId,
    lineage: found.lineage,
  };
}

export { assertUnlocked, loadVersion };

export function requireScheduleWrite(db: DbOrTx, grant: Grant, scheduleLineage: string[]) {
  return requireAt(db, grant, "schedule:write", scheduleLineage);
}

/** Read access to a version in the caller's space. */
export async function readVersion(ctx: GateContext, request: FastifyRequest, versionId: string) {
  return ctx.access.version("read").check(request, { id: versionId });
}

/** Write access to an unlocked version: the gate, the schedule:write ability (or a grant), the lock. */
export async function editVersion(ctx: GateContext, request: FastifyRequest, versionId: string) {
  return ctx.access.version("write").check(request, { id: versionId });
}

/**
 * Counts a change inside the version and marks its dates as stale. Inside the change's transaction, so the
 * revision and the rows move together; the row lock also orders concurrent edits of one version, and a lock set
 * meanwhile is still honoured.
 */
export async function bumpVersion(tx: DbOrTx, versionId: string): Promise<number> {
  const [row] = await tx
    .update(versions)
    .set({
      revision: sql`${versions.revision} + 1`,
      calcStatus: sql`case when ${versions.calcStatus} = 'in_process' then 'in_process' else 'not_calculated' end`,
    })
    .where(and(eq(versions.id, versionId), eq(versions.locked, false)))
    .returning({ revision: versions.revision });
  if (row) return row.revision;
  // Locked between the access check and this transaction: refuse like any edit of a locked version.
  const [locked] = await tx.select({ label: versions.label }).from(versions).where(eq(versions.id, versionId));
  throw locked ? new AppError("VersionLocked", { label: locked.label }) : new AppError("NotFound");
}
