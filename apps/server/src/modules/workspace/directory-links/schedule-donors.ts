import type { ScheduleDonor, ScheduleDonorBody } from "@planum/contracts";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import {
  attributes,
  directories,
  directoryColumns,
  directoryDonors,
  scheduleDirectoryDonors,
} from "../../../db/schema/index.js";
import type { ScheduleScope } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { isUniqueViolation } from "../../../platform/sql.js";
import type { DirectoriesService } from "../../directories/directories.service.js";
import { requireDonorFits } from "../../directories/directory-attributes.js";
import type { Donor } from "./donor-values.repo.js";

/** Where donors apply: a schedule and its lineage (the project's ancestors, the project, the schedule). */
export interface DonorPlace {
  spaceId: string;
  scheduleId: string;
  lineage: string[];
}

export interface PlacedDonor extends Donor {
  id: string;
  level: "directory" | "schedule";
}

const donorColumns = {
  attributeName: attributes.name,
  attributeType: attributes.type,
  attributeList: attributes.listValues,
};

/**
 * The donors that fill works of a schedule from these directories: the directories' own donors whose attribute
 * applies there (space-wide, on a node of the lineage, or on this very schedule — a directory's donor into another
 * schedule's attribute fills nothing here), then the schedule's own donors. Each list in a stable order.
 */
export async function donorsAt(db: DbOrTx, place: DonorPlace, directoryIds: string[]): Promise<PlacedDonor[]> {
  if (directoryIds.length === 0) return [];
  const ofDirectories = await db
    .select({
      id: directoryDonors.id,
      directoryId: directoryDonors.directoryId,
      columnId: directoryDonors.columnId,
      attributeId: directoryDonors.attributeId,
      ...donorColumns,
    })
    .from(directoryDonors)
    .innerJoin(attributes, eq(attributes.id, directoryDonors.attributeId))
    .where(
      and(
        eq(directoryDonors.spaceId, place.spaceId),
        inArray(directoryDonors.directoryId, directoryIds),
        or(isNull(attributes.scheduleId), eq(attributes.scheduleId, place.scheduleId)),
        or(isNull(attributes.nodeId), inArray(attributes.nodeId, place.lineage)),
      ),
    )
    .orderBy(asc(attributes.name), asc(directoryDonors.id));
  const ofSchedule = await db
    .select({
      id: scheduleDirectoryDonors.id,
      directoryId: scheduleDirectoryDonors.directoryId,
      columnId: scheduleDirectoryDonors.columnId,
      attributeId: scheduleDirectoryDonors.attributeId,
      ...donorColumns,
    })
    .from(scheduleDirectoryDonors)
    .innerJoin(attributes, eq(attributes.id, scheduleDirectoryDonors.attributeId))
    .where(
      and(
        eq(scheduleDirectoryDonors.spaceId, place.spaceId),
        eq(scheduleDirectoryDonors.scheduleId, place.scheduleId),
        inArray(scheduleDirectoryDonors.directoryId, directoryIds),
      ),
    )
    .orderBy(asc(attributes.name), asc(scheduleDirectoryDonors.id));
  return [
    ...ofDirectories.map((d) => ({ ...d, level: "directory" as const })),
    ...ofSchedule.map((d) => ({ ...d, level: "schedule" as const })),
  ];
}

/**
 * A schedule's own donors (issue 14): a column of a directory the schedule sees copied into a work attribute defined
 * at the schedule, of the column's type. The schedule's writers define them; the directory need only be readable.
 * The donors' refresh (`update-linked-value`, linking with donors, a WBS built from a directory) takes them with the
 * directory's own.
 */
export class ScheduleDonorsService {
  constructor(private readonly deps: { db: Db; directories: DirectoriesService }) {}

  async list(scope: ScheduleScope): Promise<ScheduleDonor[]> {
    const seen = new Set(
      (await this.deps.directories.readableAt(scope.grant, scope.lineage)).map((s) => s.directory.id),
    );
    const rows = await this.deps.db
      .select({
        id: scheduleDirectoryDonors.id,
        directoryId: scheduleDirectoryDonors.directoryId,
        directoryName: directories.name,
        columnId: scheduleDirectoryDonors.columnId,
        columnName: directoryColumns.name,
        attributeId: scheduleDirectoryDonors.attributeId,
        attributeName: attributes.name,
      })
      .from(scheduleDirectoryDonors)
      .innerJoin(directories, eq(directories.id, scheduleDirectoryDonors.directoryId))
      .innerJoin(directoryColumns, eq(directoryColumns.id, scheduleDirectoryDonors.columnId))
      .innerJoin(attributes, eq(attributes.id, scheduleDirectoryDonors.attributeId))
      .where(
        and(
          eq(scheduleDirectoryDonors.spaceId, scope.grant.space.id),
          eq(scheduleDirectoryDonors.scheduleId, scope.schedule.id),
        ),
      )
      .orderBy(asc(directories.name), asc(attributes.name), asc(scheduleDirectoryDonors.id));
    // a directory moved out of the schedule's sight, or no longer readable, fills nothing and is not shown
    return rows.filter((r) => seen.has(r.directoryId));
  }

  async add(scope: ScheduleScope, body: ScheduleDonorBody) {
    const { directory, columnId } = await this.fitting(scope, body);
    await this.unique(() =>
      this.deps.db.insert(scheduleDirectoryDonors).values({
        spaceId: scope.grant.space.id,
        scheduleId: scope.schedule.id,
        directoryId: directory.id,
        columnId,
        attributeId: body.attributeId,
      }),
    );
    return this.changed(scope, directory);
  }

  async update(scope: ScheduleScope, donorId: string, body: ScheduleDonorBody) {
    const { directory, columnId } = await this.fitting(scope, body);
    const done = await this.unique(() =>
      this.deps.db
        .update(scheduleDirectoryDonors)
        .set({ directoryId: directory.id, columnId, attributeId: body.attributeId })
        .where(this.own(scope, donorId))
        .returning({ id: scheduleDirectoryDonors.id }),
    );
    if (done.length === 0) throw new AppError("NotFound");
    return this.changed(scope, directory);
  }

  async remove(scope: ScheduleScope, donorId: string) {
    const [done] = await this.deps.db
      .delete(scheduleDirectoryDonors)
      .where(this.own(scope, donorId))
      .returning({ directoryId: scheduleDirectoryDonors.directoryId });
    if (!done) throw new AppError("NotFound");
    const [directory] = await this.deps.db
      .select({ id: directories.id, nodeId: directories.nodeId })
      .from(directories)
      .where(eq(directories.id, done.directoryId));
    return this.changed(scope, directory);
  }

  private own(scope: ScheduleScope, donorId: string) {
    return and(
      eq(scheduleDirectoryDonors.spaceId, scope.grant.space.id),
      eq(scheduleDirectoryDonors.scheduleId, scope.schedule.id),
      eq(scheduleDirectoryDonors.id, donorId),
    );
  }

  /**
   * The directory seen at the schedule and readable (else 404), its column (404 naming `columnId`), and a work
   * attribute defined at this schedule (404 naming `attributeId`) of the column's type (DirectoryDonorType).
   */
  private async fitting(scope: ScheduleScope, body: ScheduleDonorBody) {
    const { directory, columns } = await this.deps.directories.seenAt(scope.grant, scope.lineage, body.directoryId);
    const column = columns.find((c) => c.id === body.columnId);
    if (!column) throw new AppError("NotFound", { field: "columnId" });
    const [attribute] = await this.deps.db
      .select()
      .from(attributes)
      .where(
        and(
          eq(attributes.spaceId, scope.grant.space.id),
          eq(attributes.scheduleId, scope.schedule.id),
          eq(attributes.id, body.attributeId),
        ),
      );
    requireDonorFits(attribute, column);
    return { directory, columnId: column.id };
  }

  /** A second donor into one attribute of the schedule is refused by the table's unique index. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("NameTaken", { field: "attributeId" });
      throw error;
    }
  }

  /** `directory_updated` (links) tells the schedule's open versions to read their donors again. */
  private async changed(scope: ScheduleScope, directory: { id: string; nodeId: string }) {
    this.deps.directories.changed(scope.grant, directory.id, directory.nodeId, "links");
    return this.list(scope);
  }
}
