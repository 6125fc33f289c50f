import type { CreateResourceBody, Resource, UpdateResourceBody } from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { isUniqueViolation } from "../../platform/sql.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import {
  calendarInSpace,
  deleteResource,
  deleteSpecialty,
  deleteUserSpecialty,
  findResource,
  insertResources,
  insertSpecialty,
  insertUserSpecialty,
  listResources,
  listSpecialties,
  listUserSpecialties,
  memberOfSpace,
  type ResourceRow,
  type ResourceValues,
  renameSpecialty,
  specialtyInSpace,
  updateResource,
} from "./resources.repo.js";

export function toResourceDto(row: ResourceRow): Resource {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    calendarId: row.calendarId,
    userId: row.userId,
    specialtyId: row.specialtyId,
    availability: row.availability,
    rates: row.rates,
    revision: row.revision,
  };
}

const byFrom = <T extends { from: string }>(list: T[]) => [...list].sort((a, b) => (a.from < b.from ? -1 : 1));

/** The resource directory of a space and its specialties (spec §3 specialty, user-specialty). */
export class ResourcesService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async list(grant: Grant): Promise<Resource[]> {
    return (await listResources(this.deps.db, grant.space.id)).map(toResourceDto);
  }

  async get(grant: Grant, id: string): Promise<ResourceRow> {
    const row = await findResource(this.deps.db, grant.space.id, id);
    if (!row) throw new AppError("ResourceNotFound");
    return row;
  }

  async create(grant: Grant, body: CreateResourceBody): Promise<Resource> {
    const spaceId = grant.space.id;
    const values = await this.checked(this.deps.db, grant, null, body);
    const row = await this.unique(body.code, async () => {
      const [created] = await insertResources(this.deps.db, [
        { spaceId, code: body.code, name: body.name, kind: body.kind, unit: body.unit ?? "", ...values },
      ]);
      return created;
    });
    this.deps.events.resourcesUpdated(spaceId, grant.userId, [row.id]);
    return toResourceDto(row);
  }

  /** Refuses a stale revision with the resource as it is now, as the calendars do. */
  async update(grant: Grant, id: string, body: UpdateResourceBody): Promise<Resource> {
    const spaceId = grant.space.id;
    await this.get(grant, id);
    const { revision, code, name, kind, unit } = body;
    const values = await this.checked(this.deps.db, grant, id, body);
    const row = await this.unique(code ?? "", () =>
      updateResource(this.deps.db, spaceId, id, revision, {
        ...(code !== undefined ? { code } : {}),
        ...(name !== undefined ? { name } : {}),
        ...(kind !== undefined ? { kind } : {}),
        ...(unit !== undefined ? { unit } : {}),
        ...values,
      }),
    );
    if (!row) {
      const fresh = await this.get(grant, id);
      throw new AppError("Conflict", { entity: "resource", id, revision: fresh.revision }, undefined, {
        current: toResourceDto(fresh),
      });
    }
    this.deps.events.resourcesUpdated(spaceId, grant.userId, [id]);
    return toResourceDto(row);
  }

  /** Deletes a resource with its assignments (the directory confirms with their count first); children move up. */
  async delete(grant: Grant, id: string) {
    await this.get(grant, id);
    const assignmentsRemoved = await this.deps.db.transaction((tx) => deleteResource(tx, grant.space.id, id));
    this.deps.events.resourcesUpdated(grant.space.id, grant.userId, [id]);
    return { id, assignmentsRemoved };
  }

  /**
   * The references of a body, each checked to be the space's (parent without a loop, calendar, member, specialty),
   * and its periods sorted by day.
   */
  private async checked(
    db: DbOrTx,
    grant: Grant,
    id: string | null,
    body: Partial<CreateResourceBody>,
  ): Promise<Partial<ResourceValues>> {
    const spaceId = grant.space.id;
    const out: Partial<ResourceValues> = {};
    if (body.parentId !== undefined) {
      if (body.parentId !== null) {
        const all = new Map((await listResources(db, spaceId)).map((r) => [r.id, r.parentId]));
        if (!all.has(body.parentId)) throw new AppError("ResourceNotFound", { field: "parentId" });
        // The new parent may not be the resource itself or one of its descendants.
        for (let at: string | null | undefined = body.parentId; at; at = all.get(at))
          if (at === id) throw new AppError("InvalidParent", { field: "parentId" });
      }
      out.parentId = body.parentId;
    }
    if (body.calendarId !== undefined) {
      if (body.calendarId && !(await calendarInSpace(db, spaceId, body.calendarId)))
        throw new AppError("NotFound", { field: "calendarId" });
      out.calendarId = body.calendarId;
    }
    if (body.userId !== undefined) {
      if (body.userId && !(await memberOfSpace(db, spaceId, body.userId)))
        throw new AppError("UserNotFound", { field: "userId" });
      out.userId = body.userId;
    }
    if (body.specialtyId !== undefined) {
      if (body.specialtyId && !(await specialtyInSpace(db, spaceId, body.specialtyId)))
        throw new AppError("NotFound", { field: "specialtyId" });
      out.specialtyId = body.specialtyId;
    }
    if (body.availability !== undefined) out.availability = byFrom(body.availability);
    if (body.rates !== undefined) out.rates = byFrom(body.rates);
    return out;
  }

  private async unique<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("ResourceCodeTaken", { code, field: "code" });
      throw error;
    }
  }

  // ---- specialties ----

  listSpecialties(grant: Grant) {
    return listSpecialties(this.deps.db, grant.space.id);
  }

  async createSpecialty(grant: Grant, name: string) {
    const row = await insertSpecialty(this.deps.db, grant.space.id, name);
    this.deps.events.resourcesUpdated(grant.space.id, grant.userId, []);
    return row;
  }

  async renameSpecialty(grant: Grant, id: string, name: string) {
    const row = await renameSpecialty(this.deps.db, grant.space.id, id, name);
    if (!row) throw new AppError("NotFound");
    this.deps.events.resourcesUpdated(grant.space.id, grant.userId, []);
    return row;
  }

  async deleteSpecialty(grant: Grant, id: string) {
    if (!(await deleteSpecialty(this.deps.db, grant.space.id, id))) throw new AppError("NotFound");
    this.deps.events.resourcesUpdated(grant.space.id, grant.userId, []);
    return { id };
  }

  listUserSpecialties(grant: Grant) {
    return listUserSpecialties(this.deps.db, grant.space.id);
  }

  async addUserSpecialty(grant: Grant, body: { userId: string; specialtyId: string }) {
    const spaceId = grant.space.id;
    if (!(await memberOfSpace(this.deps.db, spaceId, body.userId)))
      throw new AppError("UserNotFound", { field: "userId" });
    if (!(await specialtyInSpace(this.deps.db, spaceId, body.specialtyId)))
      throw new AppError("NotFound", { field: "specialtyId" });
    return insertUserSpecialty(this.deps.db, spaceId, body.userId, body.specialtyId);
  }

  async removeUserSpecialty(grant: Grant, id: string) {
    if (!(await deleteUserSpecialty(this.deps.db, grant.space.id, id))) throw new AppError("NotFound");
    return { id };
  }
}
