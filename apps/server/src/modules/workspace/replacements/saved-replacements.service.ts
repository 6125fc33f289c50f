import type { ReplaceValuesResult, SavedReplacement, savedReplacementBody } from "@planum/contracts";
import type { z } from "zod";
import type { ScheduleScope, VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { isUniqueViolation } from "../../../platform/sql.js";
import { type ReplacementsService, replacer } from "./replacements.service.js";
import { deleteSaved, findSaved, insertSaved, listSaved, recordRun, updateSaved } from "./saved-replacements.repo.js";

type SavedBody = z.output<typeof savedReplacementBody>;

/**
 * Saved replacements of a schedule (spec §7 "Schedules … replacements"): a rule kept under a name, unique in the
 * schedule, checked as a run would check it (the attribute is a writable-type work attribute of the schedule, a list
 * has no value twice). Run on one version or on all the schedule's unlocked versions; a run that changed values is
 * recorded on the rule (when, who, how many values, in how many versions).
 */
export class SavedReplacementsService {
  constructor(private readonly deps: { db: Db; replacements: ReplacementsService }) {}

  list(scope: ScheduleScope): Promise<SavedReplacement[]> {
    return listSaved(this.deps.db, scope.grant.space.id, scope.schedule.id);
  }

  async create(scope: ScheduleScope, body: SavedBody): Promise<SavedReplacement> {
    const rule = await this.checked(scope, body);
    const id = await this.named(() =>
      insertSaved(this.deps.db, {
        ...rule,
        spaceId: scope.grant.space.id,
        scheduleId: scope.schedule.id,
        createdBy: scope.grant.userId,
      }),
    );
    return this.one(scope, id);
  }

  async update(scope: ScheduleScope, body: SavedBody & { id: string }): Promise<SavedReplacement> {
    const rule = await this.checked(scope, body);
    const found = await this.named(() =>
      updateSaved(this.deps.db, scope.grant.space.id, scope.schedule.id, body.id, rule),
    );
    if (!found) throw new AppError("NotFound", { field: "id" });
    return this.one(scope, body.id);
  }

  async remove(scope: ScheduleScope, id: string): Promise<{ id: string }> {
    if (!(await deleteSaved(this.deps.db, scope.grant.space.id, scope.schedule.id, id))) throw new AppError("NotFound");
    return { id };
  }

  /** Previews or runs a saved replacement of the version's schedule on it (or on all its unlocked versions). */
  async run(
    scope: VersionScope,
    id: string,
    options: { wholeSchedule: boolean; preview: boolean },
  ): Promise<ReplaceValuesResult> {
    const saved = await findSaved(this.deps.db, scope.grant.space.id, id);
    if (!saved || saved.scheduleId !== scope.scheduleId) throw new AppError("NotFound");
    const result = await this.deps.replacements.replace(
      scope,
      { ...saved, wholeSchedule: options.wholeSchedule },
      options.preview,
    );
    if (result.applied && result.values > 0)
      await recordRun(this.deps.db, saved.id, scope.grant.userId, result.values, result.versions);
    return result;
  }

  private async one(scope: ScheduleScope, id: string) {
    const [row] = await listSaved(this.deps.db, scope.grant.space.id, scope.schedule.id, id);
    return row;
  }

  /** The rule as stored: its attribute a work attribute of the schedule, its texts trimmed, its list sound. */
  private async checked(scope: ScheduleScope, body: SavedBody) {
    await this.deps.replacements.attributeOf(
      { grant: scope.grant, scheduleId: scope.schedule.id, lineage: scope.lineage },
      body.attributeId,
    );
    replacer({ ...body, wholeSchedule: false });
    const list = body.mode === "list";
    return {
      name: body.name,
      attributeId: body.attributeId,
      mode: body.mode,
      find: list ? "" : body.find.trim(),
      replace: list ? "" : body.replace,
      pairs: list ? body.pairs.map((p) => ({ find: p.find.trim(), replace: p.replace.trim() })) : [],
    };
  }

  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("NameTaken", { field: "name" });
      throw error;
    }
  }
}
