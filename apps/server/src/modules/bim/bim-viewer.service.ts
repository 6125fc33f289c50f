import type { BimAppearanceProfile, BimAppearanceProfileBody, BimViewerState } from "@planum/contracts";
import { type Grant, lineage, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import * as repo from "./bim-viewer.repo.js";

/**
 * The viewer's saved state (per user and model) and the space's appearance profiles (issue 20). A state is read and
 * saved by whoever may see the model's project; a profile named in a state must be of the same space.
 */
export class BimViewerService {
  constructor(private readonly deps: Pick<AppContext, "db">) {}

  async state(grant: Grant, modelId: string): Promise<BimViewerState | null> {
    await this.readableModel(grant, modelId);
    const state = await repo.findState(this.deps.db, grant.userId, modelId);
    return state ? { modelId, ...state } : null;
  }

  async saveState(grant: Grant, state: BimViewerState): Promise<BimViewerState> {
    await this.readableModel(grant, state.modelId);
    if (state.profileId && !(await repo.findProfile(this.deps.db, grant.space.id, state.profileId)))
      throw new AppError("NotFound");
    await repo.saveState(this.deps.db, grant.userId, state);
    return state;
  }

  /** A model of the caller's space in a project the caller may see; any other answers 404 or 403. */
  private async readableModel(grant: Grant, modelId: string) {
    const model = await repo.modelOfSpace(this.deps.db, grant.space.id, modelId);
    if (!model) throw new AppError("NotFound");
    await requireAt(this.deps.db, grant, "eps:read", lineage({ path: model.projectPath }));
  }

  profiles(grant: Grant): Promise<BimAppearanceProfile[]> {
    return repo.listProfiles(this.deps.db, grant.space.id);
  }

  async createProfile(grant: Grant, body: BimAppearanceProfileBody): Promise<BimAppearanceProfile> {
    return this.deps.db.transaction(async (tx) => {
      if (await repo.profileNamed(tx, grant.space.id, body.name)) throw new AppError("NameTaken");
      return repo.insertProfile(tx, grant.space.id, grant.userId, body);
    });
  }

  async updateProfile(grant: Grant, id: string, body: BimAppearanceProfileBody): Promise<BimAppearanceProfile> {
    return this.deps.db.transaction(async (tx) => {
      const named = await repo.profileNamed(tx, grant.space.id, body.name);
      if (named && named !== id) throw new AppError("NameTaken");
      const updated = await repo.updateProfile(tx, grant.space.id, id, body);
      if (!updated) throw new AppError("NotFound");
      return updated;
    });
  }

  async deleteProfile(grant: Grant, id: string) {
    if (!(await repo.deleteProfile(this.deps.db, grant.space.id, id))) throw new AppError("NotFound");
    return null;
  }
}
