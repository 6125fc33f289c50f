import {
  type DirectoryDonorBody,
  type DirectoryLinkedAttributeBody,
  type DirectoryLinkSettings,
  isComputedType,
} from "@planum/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { attributes, directoryDonors, directoryLinkedAttributes } from "../../db/schema/index.js";
import type { EpsNodeRow, Grant } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { isUniqueViolation } from "../../platform/sql.js";
import type { ColumnRecord } from "./directories.repo.js";
import type { DirectoriesService } from "./directories.service.js";

/** A directory's donors and linked attributes as stored (several directories at once for a version's screen). */
export async function linkSettingsOf(db: DbOrTx, spaceId: string, directoryIds: string[]) {
  if (directoryIds.length === 0) return { donors: [], linked: [] };
  const donors = await db
    .select({
      id: directoryDonors.id,
      directoryId: directoryDonors.directoryId,
      columnId: directoryDonors.columnId,
      attributeId: directoryDonors.attributeId,
      attributeName: attributes.name,
      attributeType: attributes.type,
      attributeList: attributes.listValues,
    })
    .from(directoryDonors)
    .innerJoin(attributes, eq(attributes.id, directoryDonors.attributeId))
    .where(and(eq(directoryDonors.spaceId, spaceId), inArray(directoryDonors.directoryId, directoryIds)))
    .orderBy(asc(attributes.name), asc(directoryDonors.id));
  const linked = await db
    .select()
    .from(directoryLinkedAttributes)
    .where(
      and(eq(directoryLinkedAttributes.spaceId, spaceId), inArray(directoryLinkedAttributes.directoryId, directoryIds)),
    )
    .orderBy(asc(directoryLinkedAttributes.name), asc(directoryLinkedAttributes.id));
  return { donors, linked };
}

/**
 * Linked attributes (a column shown on linked works) and donors (a column copied into a work attribute of the same
 * type) of a directory. Defining them is defining the directory: attribute:admin, as columns.
 */
export class DirectoryAttributes {
  constructor(private readonly deps: { db: Db; directories: DirectoriesService }) {}

  /** The donors and linked attributes of several directories (already seen by the caller). */
  settingsOf(spaceId: string, directoryIds: string[], db: DbOrTx = this.deps.db) {
    return linkSettingsOf(db, spaceId, directoryIds);
  }

  async settings(grant: Grant, node: EpsNodeRow, dirId: string): Promise<DirectoryLinkSettings> {
    const { directory } = await this.deps.directories.seen(grant, node, dirId);
    const { donors, linked } = await linkSettingsOf(this.deps.db, grant.space.id, [directory.id]);
    return {
      donors: donors.map(({ id, columnId, attributeId, attributeName }) => ({
        id,
        columnId,
        attributeId,
        attributeName,
      })),
      linked: linked.map(({ id, columnId, name }) => ({ id, columnId, name })),
    };
  }

  async addLinked(grant: Grant, node: EpsNodeRow, dirId: string, body: DirectoryLinkedAttributeBody) {
    const { directory, column } = await this.defined(grant, node, dirId, body.columnId);
    await this.unique(
      () =>
        this.deps.db.insert(directoryLinkedAttributes).values({
          spaceId: grant.space.id,
          directoryId: directory.id,
          columnId: column.id,
          name: body.name ?? column.name,
        }),
      "columnId",
    );
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  async updateLinked(grant: Grant, node: EpsNodeRow, dirId: string, linkedId: string, name: string) {
    const { directory } = await this.defined(grant, node, dirId);
    const done = await this.deps.db
      .update(directoryLinkedAttributes)
      .set({ name })
      .where(and(eq(directoryLinkedAttributes.directoryId, directory.id), eq(directoryLinkedAttributes.id, linkedId)))
      .returning({ id: directoryLinkedAttributes.id });
    if (done.length === 0) throw new AppError("NotFound");
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  async deleteLinked(grant: Grant, node: EpsNodeRow, dirId: string, linkedId: string) {
    const { directory } = await this.defined(grant, node, dirId);
    const done = await this.deps.db
      .delete(directoryLinkedAttributes)
      .where(and(eq(directoryLinkedAttributes.directoryId, directory.id), eq(directoryLinkedAttributes.id, linkedId)))
      .returning({ id: directoryLinkedAttributes.id });
    if (done.length === 0) throw new AppError("NotFound");
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  async addDonor(grant: Grant, node: EpsNodeRow, dirId: string, body: DirectoryDonorBody) {
    const { directory, column } = await this.defined(grant, node, dirId, body.columnId);
    await this.requireFits(grant, column, body.attributeId);
    await this.unique(() =>
      this.deps.db.insert(directoryDonors).values({
        spaceId: grant.space.id,
        directoryId: directory.id,
        columnId: column.id,
        attributeId: body.attributeId,
      }),
    );
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  async updateDonor(grant: Grant, node: EpsNodeRow, dirId: string, donorId: string, body: DirectoryDonorBody) {
    const { directory, column } = await this.defined(grant, node, dirId, body.columnId);
    await this.requireFits(grant, column, body.attributeId);
    const done = await this.unique(() =>
      this.deps.db
        .update(directoryDonors)
        .set({ columnId: column.id, attributeId: body.attributeId })
        .where(and(eq(directoryDonors.directoryId, directory.id), eq(directoryDonors.id, donorId)))
        .returning({ id: directoryDonors.id }),
    );
    if (done.length === 0) throw new AppError("NotFound");
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  async deleteDonor(grant: Grant, node: EpsNodeRow, dirId: string, donorId: string) {
    const { directory } = await this.defined(grant, node, dirId);
    const done = await this.deps.db
      .delete(directoryDonors)
      .where(and(eq(directoryDonors.directoryId, directory.id), eq(directoryDonors.id, donorId)))
      .returning({ id: directoryDonors.id });
    if (done.length === 0) throw new AppError("NotFound");
    return this.changed(grant, node, directory.id, directory.nodeId);
  }

  /** The directory (seen, the caller may define it) and, when named, one of its columns. */
  private async defined(grant: Grant, node: EpsNodeRow, dirId: string, columnId?: string) {
    const seen = await this.deps.directories.seen(grant, node, dirId);
    if (!seen.dto.canAdmin) throw new AppError("Forbidden");
    const column = columnId === undefined ? undefined : seen.columns.find((c) => c.id === columnId);
    if (columnId !== undefined && !column) throw new AppError("NotFound", { field: "columnId" });
    return { directory: seen.directory, column: column as ColumnRecord };
  }

  /** A donor fills a work attribute of the space that users type in, of the column's own type. */
  private async requireFits(grant: Grant, column: ColumnRecord, attributeId: string) {
    const [attribute] = await this.deps.db
      .select()
      .from(attributes)
      .where(and(eq(attributes.spaceId, grant.space.id), eq(attributes.id, attributeId)));
    requireDonorFits(attribute, column);
  }

  /** A second donor into one attribute, or a column linked twice, is refused by the table's unique index. */
  private async unique<T>(write: () => Promise<T>, field = "attributeId"): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("NameTaken", { field });
      throw error;
    }
  }

  private async changed(grant: Grant, node: EpsNodeRow, directoryId: string, nodeId: string) {
    this.deps.directories.changed(grant, directoryId, nodeId, "updated");
    return this.settings(grant, node, directoryId);
  }
}

/**
 * A donor fills a work attribute that users type in, of its column's own type: a directory's donor and a schedule's
 * own donor alike (issue 14).
 */
export function requireDonorFits(
  attribute: { target: string; type: string; name: string } | undefined,
  column: { name: string; type: string },
) {
  if (attribute?.target !== "work") throw new AppError("NotFound", { field: "attributeId" });
  if (isComputedType(attribute.type) || attribute.type !== column.type)
    throw new AppError("DirectoryDonorType", {
      field: "attributeId",
      column: column.name,
      columnType: column.type,
      attribute: attribute.name,
      attributeType: attribute.type,
    });
}
