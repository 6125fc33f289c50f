import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { epsNodes, reportNodes, reports, schedules, users } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";

const listed = {
  id: reports.id,
  name: reports.name,
  fileName: reports.fileName,
  fields: reports.fields,
  reportingYear: reports.reportingYear,
  wbsDisplay: reports.wbsDisplay,
  createdAt: reports.createdAt,
  epsIds: sql<
    string[]
  >`coalesce((select array_agg(${reportNodes.epsId}::text order by ${reportNodes.epsId}) from ${reportNodes} where ${reportNodes.reportId} = ${reports.id}), '{}')`,
};

/** The SQL of reports, every query inside the caller's space. */
export const reportsRepo = {
  list: (db: DbOrTx, grant: Grant) =>
    db.select(listed).from(reports).where(eq(reports.spaceId, grant.space.id)).orderBy(asc(reports.name)),
  /** Reports attached to any of the nodes (a node and its ancestors: a form attached to a project serves its schedules). */
  atNodes: (db: DbOrTx, grant: Grant, epsIds: string[]) =>
    db
      .selectDistinct(listed)
      .from(reports)
      .innerJoin(reportNodes, eq(reportNodes.reportId, reports.id))
      .where(and(eq(reports.spaceId, grant.space.id), inArray(reportNodes.epsId, epsIds)))
      .orderBy(asc(reports.name)),
  async one(db: DbOrTx, grant: Grant, id: string) {
    const [row] = await db
      .select(listed)
      .from(reports)
      .where(and(eq(reports.spaceId, grant.space.id), eq(reports.id, id)));
    return row;
  },
  async template(db: DbOrTx, grant: Grant, id: string) {
    const [row] = await db
      .select({
        template: reports.template,
        name: reports.name,
        reportingYear: reports.reportingYear,
        wbsDisplay: reports.wbsDisplay,
      })
      .from(reports)
      .where(and(eq(reports.spaceId, grant.space.id), eq(reports.id, id)));
    return row;
  },
  async nameTaken(db: DbOrTx, grant: Grant, name: string, except?: string) {
    const rows = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.spaceId, grant.space.id), sql`lower(${reports.name}) = lower(${name})`));
    return rows.some((row) => row.id !== except);
  },
  async insert(db: DbOrTx, values: typeof reports.$inferInsert) {
    const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
    return row;
  },
  async update(db: DbOrTx, grant: Grant, id: string, set: Partial<typeof reports.$inferInsert>) {
    const rows = await db
      .update(reports)
      .set(set)
      .where(and(eq(reports.spaceId, grant.space.id), eq(reports.id, id)))
      .returning({ id: reports.id });
    return rows.length > 0;
  },
  async remove(db: DbOrTx, grant: Grant, id: string) {
    const rows = await db
      .delete(reports)
      .where(and(eq(reports.spaceId, grant.space.id), eq(reports.id, id)))
      .returning({ id: reports.id });
    return rows.length > 0;
  },
  attach: (db: DbOrTx, reportId: string, epsId: string) =>
    db.insert(reportNodes).values({ reportId, epsId }).onConflictDoNothing(),
  async detach(db: DbOrTx, reportId: string, epsId: string) {
    const rows = await db
      .delete(reportNodes)
      .where(and(eq(reportNodes.reportId, reportId), eq(reportNodes.epsId, epsId)))
      .returning({ id: reportNodes.reportId });
    return rows.length > 0;
  },
  /** The names a report's header shows: the schedule's project, the schedule, the user who runs it. */
  async names(db: DbOrTx, scheduleId: string, userId: string) {
    const [names] = await db
      .select({ schedule: schedules.name, project: epsNodes.name })
      .from(schedules)
      .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
      .where(eq(schedules.id, scheduleId));
    const [user] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return {
      project: names?.project ?? "",
      schedule: names?.schedule ?? "",
      user: user ? `${user.last} ${user.first}` : "",
    };
  },
};
