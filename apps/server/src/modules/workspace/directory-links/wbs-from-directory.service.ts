import {
  type CopyWbsFromDirectory,
  type copyWbsFromDirectoryBody,
  SYNC_PREVIEW_MAX,
  type SyncWithList,
  type syncWithListBody,
} from "@planum/contracts";
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import { wbsItems } from "../../../db/schema/index.js";
import { assertDetailsIn, type VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import type { DirectoriesService } from "../../directories/directories.service.js";
import { snapshotPeopleOf, snapshotRelationsOf, snapshotWbs, snapshotWdpOf } from "../undo/undo.repo.js";
import { snapshotDirectoryOf } from "../undo/undo-directory.js";
import { deleteItems, requireSumParent } from "../wbs/wbs.repo.js";
import { applyChange } from "../wbs/wbs-changes.js";
import type { DirectoryLinksService } from "./links.service.js";
import {
  copyRoots,
  insertItemsFromRows,
  newRowRoots,
  orphanIds,
  renamedIds,
  renameFromRows,
  rowsOfDirectory,
  syncPreview,
} from "./wbs-from-directory.repo.js";

/**
 * A version's WBS built from a directory (`copy-wbs`) and kept in step with it (`sync-with-list`), spec §7 "Under
 * /versions/{id}/directory". Rows with children become sums, leaves works; every item stays linked to its row, which
 * is how a later sync finds what to rename and where new rows go. Each is one undoable change.
 */
export class WbsFromDirectoryService {
  constructor(
    private readonly deps: {
      db: Db;
      events: WorkspaceEvents;
      directories: DirectoriesService;
      links: DirectoryLinksService;
    },
  ) {}

  async copy(scope: VersionScope, body: z.output<typeof copyWbsFromDirectoryBody>): Promise<CopyWbsFromDirectory> {
    assertDetailsIn(scope.version);
    const { directory } = await this.deps.directories.seenAt(scope.grant, scope.lineage, body.directoryId);
    if (body.rowIds) {
      const found = await rowsOfDirectory(this.deps.db, directory.id, body.rowIds);
      const missing = body.rowIds.findIndex((id) => !found.has(id));
      if (missing >= 0) throw new AppError("NotFound", { field: `rowIds.${missing}` });
    }
    const result = await applyChange(this.deps, scope, "undo_wbs", "directory_copy_wbs", async (tx) => {
      await requireSumParent(tx, scope.version.id, body.parentId);
      const made = await insertItemsFromRows(tx, {
        spaceId: scope.grant.space.id,
        versionId: scope.version.id,
        directoryId: directory.id,
        roots: copyRoots(directory.id, body.rowIds, body.parentId),
      });
      if (made.ids.length === 0) throw new AppError("DirectoryEmpty");
      // the new works take the donors' values at once; undoing removes the works, values and all
      await this.deps.links.plan(tx, scope, [directory.id], made.ids, true);
      return {
        result: { sums: made.sums, works: made.works, topIds: made.topIds },
        changed: made.ids,
        inverse: { wbs: { restore: [], remove: made.ids } },
        itemCount: made.ids.length,
      };
    });
    this.deps.directories.changed(scope.grant, directory.id, directory.nodeId, "links", {
      versionId: scope.version.id,
      itemIds: [],
    });
    return result;
  }

  async sync(scope: VersionScope, body: z.output<typeof syncWithListBody>): Promise<SyncWithList> {
    assertDetailsIn(scope.version);
    const { directory } = await this.deps.directories.seenAt(scope.grant, scope.lineage, body.directoryId);
    const versionId = scope.version.id;
    if (body.preview) {
      const found = await syncPreview(this.deps.db, versionId, directory.id, SYNC_PREVIEW_MAX);
      const donors = await this.deps.links.plan(this.deps.db, scope, [directory.id], undefined, false);
      return { ...found, values: donors.summary.values, applied: false };
    }
    const result = await applyChange(
      this.deps,
      scope,
      "undo_wbs",
      "directory_sync",
      async (tx) => {
        const found = await syncPreview(tx, versionId, directory.id, SYNC_PREVIEW_MAX);
        // items of deleted rows go first, as a deletion of the WBS does: undo brings them back with their relations,
        // days and people
        const gone = await orphanIds(tx, versionId, directory.id);
        const removed = gone.length
          ? {
              rows: await snapshotWbs(tx, gone),
              rels: await snapshotRelationsOf(tx, gone),
              wdp: await snapshotWdpOf(tx, scope.grant.space.id, versionId, gone),
              people: await snapshotPeopleOf(tx, versionId, gone),
              directory: await snapshotDirectoryOf(tx, versionId, gone),
            }
          : null;
        if (gone.length) await deleteItems(tx, gone);
        // the renamed items as they were, for the undo (read before anything changes them)
        const ids = await renamedIds(tx, versionId, directory.id);
        const before = ids.length ? await tx.select().from(wbsItems).where(inArray(wbsItems.id, ids)) : [];
        const renamed = await renameFromRows(tx, versionId, directory.id);
        const made = await insertItemsFromRows(tx, {
          spaceId: scope.grant.space.id,
          versionId,
          directoryId: directory.id,
          roots: newRowRoots(versionId, directory.id),
        });
        const donors = await this.deps.links.plan(tx, scope, [directory.id], undefined, true);
        const changed = [...new Set([...renamed, ...made.ids, ...donors.written])];
        return {
          result: { ...found, values: donors.summary.values, applied: true },
          changed,
          deleted: gone,
          relationsDeleted: removed?.rels.map((r) => r.id) ?? [],
          inverse: {
            wbs: { restore: [...(removed?.rows ?? []), ...(before as Record<string, unknown>[])], remove: made.ids },
            ...(removed ? { relations: { restore: removed.rels, remove: [] } } : {}),
            ...(removed?.wdp ? { wdp: removed.wdp } : {}),
            ...(removed?.people ? { people: removed.people } : {}),
            ...(removed?.directory ? { directory: removed.directory } : {}),
            ...(donors.inverse ? { wbsAttrValues: donors.inverse } : {}),
          },
          itemCount: changed.length + gone.length,
        };
      },
      { datesMayMove: true },
    );
    this.deps.directories.changed(scope.grant, directory.id, directory.nodeId, "links", { versionId, itemIds: [] });
    return result;
  }
}
