import {
  type AccessRule,
  type AccessRules,
  type Grant,
  loadVersion,
  requireAt,
  type ScheduleScope,
  type VersionScope,
} from "../../platform/access.js";
import type { Db } from "../../platform/db.js";

/**
 * The workspace's own rules, composed of the platform's (`platform/access.ts`): what a version's status calls and
 * the calls over several versions need.
 */
export class WorkspaceAccess {
  constructor(
    private readonly access: AccessRules,
    private readonly db: Db,
  ) {}

  /**
   * Changing a version's status or label (lock, actual, label, delete): schedule:write at the version, locked or not
   * — a locked version must still be unlockable.
   */
  versionStatus(param = "id"): AccessRule<VersionScope> {
    const read = this.access.version("read", param);
    return {
      describe: `schedule:write at version {${param}}, locked or not`,
      check: async (request, params) => {
        const scope = await read.check(request, params);
        await requireAt(this.db, scope.grant, "schedule:write", scope.lineage);
        return scope;
      },
    };
  }

  /** Every version of the body's `ids` in the caller's space, each with schedule:write (locked or not). */
  versionsInBody(field = "ids"): AccessRule<{ grant: Grant; versions: VersionScope[] }> {
    const space = this.access.space("schedule:read");
    return {
      describe: `schedule:write at every version of the body's ${field}, locked or not`,
      check: async (request, params) => {
        const grant = await space.check(request, params);
        const ids = ((request.body ?? {}) as Record<string, unknown>)[field];
        const versions: VersionScope[] = [];
        for (const id of new Set(Array.isArray(ids) ? ids.map(String) : [])) {
          const scope = await loadVersion(this.db, grant, id);
          await requireAt(this.db, grant, "schedule:write", scope.lineage);
          versions.push(scope);
        }
        return { grant, versions };
      },
    };
  }

  /** Copying a version elsewhere: reading the version `{param}` and writing to the schedule `{targetParam}`. */
  versionToSchedule(param = "id", targetParam = "targetId"): AccessRule<VersionScope & { target: ScheduleScope }> {
    const read = this.access.version("read", param);
    const write = this.access.schedule("write", targetParam);
    return {
      describe: `schedule:read at version {${param}} and schedule:write at schedule {${targetParam}}`,
      check: async (request, params) => {
        const scope = await read.check(request, params);
        return { ...scope, target: await write.check(request, params) };
      },
    };
  }
}
