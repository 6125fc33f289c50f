import {
  DEFAULT_RESOURCE_LAYOUT,
  type ResourceLayoutSettings,
  type ResourceLayoutSettingsBody,
} from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { deleteLayoutSettings, findLayoutSettings, upsertLayoutSettings, versionsOfSpace } from "./resources.repo.js";

/**
 * The caller's resource layout settings in a space (spec §7 Resource settings: `GET`, `PUT`, `DELETE
 * /resource/settings`). They are the caller's own: nobody reads or changes another's. Versions deleted since they
 * were saved drop out when read, so a saved layout never asks the usage for a version that is gone.
 */
export class ResourceSettingsService {
  constructor(private readonly deps: { db: Db }) {}

  async get(grant: Grant): Promise<ResourceLayoutSettings> {
    const { db } = this.deps;
    const row = await findLayoutSettings(db, grant.space.id, grant.userId);
    if (!row) return { ...DEFAULT_RESOURCE_LAYOUT, saved: false };
    const alive = await versionsOfSpace(db, grant.space.id, row.versions);
    return {
      scale: row.scale,
      by: row.by,
      versions: row.versions.filter((id) => alive.has(id)),
      filterIndicator: row.filterIndicator,
      saved: true,
    };
  }

  async save(grant: Grant, body: ResourceLayoutSettingsBody): Promise<ResourceLayoutSettings> {
    const { db } = this.deps;
    const asked = [...new Set(body.versions)];
    const known = await versionsOfSpace(db, grant.space.id, asked);
    if (asked.some((id) => !known.has(id))) throw new AppError("NotFound", { field: "versions" });
    await upsertLayoutSettings(db, grant.space.id, grant.userId, { ...body, versions: asked });
    return { ...body, versions: asked, saved: true };
  }

  /** Back to the defaults. */
  async reset(grant: Grant): Promise<ResourceLayoutSettings> {
    await deleteLayoutSettings(this.deps.db, grant.space.id, grant.userId);
    return { ...DEFAULT_RESOURCE_LAYOUT, saved: false };
  }
}
