import {
  DONOR_PREVIEW_MAX,
  type DonorRefresh,
  type linkWorksBody,
  type refreshDonorsBody,
  type VersionDirectoryLinks,
  type VersionLinkedValues,
  type versionLinksQuery,
} from "@planum/contracts";
import type { z } from "zod";
import { assertDetailsIn, type VersionScope } from "../../../platform/access.js";
import type { Db, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import type { DirectoriesService } from "../../directories/directories.service.js";
import type { DirectoryAttributes } from "../../directories/directory-attributes.js";
import { bumpVersion } from "../versions/versions.repo.js";
import { applyChange } from "../wbs/wbs-changes.js";
import { donorPass } from "./donor-values.repo.js";
import { existing, idsByCode, writeLinks } from "./links.repo.js";
import { linkedValues, linksPage } from "./links-pages.repo.js";
import { type DonorPlace, donorsAt } from "./schedule-donors.js";

const placeOf = (scope: VersionScope): DonorPlace => ({
  spaceId: scope.grant.space.id,
  scheduleId: scope.scheduleId,
  lineage: scope.lineage,
});

/**
 * Works of a version linked to directory rows (issue 14): the directories seen at the schedule (kept on the project
 * or an ancestor), the rows each work references, the linked attributes' values on the works, and the donors' values
 * copied into the works' own attributes — previewed, then written as one undoable change.
 */
export class DirectoryLinksService {
  constructor(
    private readonly deps: {
      db: Db;
      events: WorkspaceEvents;
      directories: DirectoriesService;
      attributes: DirectoryAttributes;
    },
  ) {}

  /** The directories seen at the schedule with their linked attributes and donors, and one page of the links. */
  async read(scope: VersionScope, query: z.output<typeof versionLinksQuery>): Promise<VersionDirectoryLinks> {
    const seen = await this.deps.directories.readableAt(scope.grant, scope.lineage);
    const ids = seen.map((s) => s.directory.id);
    const settings = await this.deps.attributes.settingsOf(scope.grant.space.id, ids);
    const donors = await donorsAt(this.deps.db, placeOf(scope), ids);
    const [itemId, directoryId] = query.after?.split(".") ?? [];
    const page =
      query.limit === 0
        ? null
        : await linksPage(this.deps.db, scope.version.id, ids, {
            after: query.after ? { itemId: Number(itemId), directoryId } : undefined,
            limit: query.limit,
            itemId: query.itemId,
            directoryId: query.directoryId,
            search: query.search || undefined,
          });
    const linkedOf = new Map<string, { id: string; columnId: string }[]>();
    for (const l of settings.linked) linkedOf.set(l.directoryId, [...(linkedOf.get(l.directoryId) ?? []), l]);
    const last = page && page.item.length > 0 ? page.item.length - 1 : -1;
    return {
      directories: seen.map(({ directory, columns }) => ({
        id: directory.id,
        nodeId: directory.nodeId,
        name: directory.name,
        kind: directory.kind,
        linked: settings.linked
          .filter((l) => l.directoryId === directory.id)
          .flatMap((l) => {
            const column = columns.find((c) => c.id === l.columnId);
            return column
              ? [
                  {
                    id: l.id,
                    columnId: l.columnId,
                    name: l.name,
                    type: column.type,
                    unit: (column.settings.unit as string | undefined) ?? "",
                  },
                ]
              : [];
          }),
        donors: donors
          .filter((d) => d.directoryId === directory.id)
          .map(({ id, columnId, attributeId, attributeName, level }) => ({
            id,
            columnId,
            attributeId,
            attributeName,
            level,
          })),
      })),
      links: (page?.item ?? []).map((itemId, i) => ({
        itemId,
        workCode: page!.workCode[i],
        workName: page!.workName[i],
        directoryId: page!.dir[i],
        rowId: page!.row[i],
        code: page!.code[i],
        name: page!.name[i],
        values: Object.fromEntries(
          (linkedOf.get(page!.dir[i]) ?? []).map((l) => [l.id, page!.values[i][l.columnId] ?? null]),
        ),
      })),
      next: page?.more && last >= 0 ? `${page.item[last]}.${page.dir[last]}` : null,
    };
  }

  /** The linked attributes' values of every linked work, as columns per directory (the workspace grid's columns). */
  async linkedValues(scope: VersionScope): Promise<VersionLinkedValues> {
    const seen = await this.deps.directories.readableAt(scope.grant, scope.lineage);
    const settings = await this.deps.attributes.settingsOf(
      scope.grant.space.id,
      seen.map((s) => s.directory.id),
    );
    return { directories: await linkedValues(this.deps.db, scope.version.id, settings.linked) };
  }

  /** Links works to rows (null unlinks) in one transaction; with `applyDonors` the donors' values follow at once. */
  async link(scope: VersionScope, body: z.output<typeof linkWorksBody>) {
    assertDetailsIn(scope.version);
    const { directory } = await this.deps.directories.seenAt(scope.grant, scope.lineage, body.directoryId);
    const seenItems = new Set<number>();
    body.links.forEach((l, index) => {
      if (seenItems.has(l.itemId)) throw new AppError("InvalidValue", { field: `links.${index}.itemId` });
      seenItems.add(l.itemId);
    });
    const rowIds = [...new Set(body.links.flatMap((l) => (l.rowId ? [l.rowId] : [])))];
    const found = await existing(this.deps.db, scope.version.id, [...seenItems], directory.id, rowIds);
    body.links.forEach((l, index) => {
      if (!found.items.has(l.itemId)) throw new AppError("NotFound", { field: `links.${index}.itemId` });
      if (l.rowId && !found.rows.has(l.rowId)) throw new AppError("NotFound", { field: `links.${index}.rowId` });
    });
    return this.write(scope, directory, body.links, body.applyDonors);
  }

  /** "Upload with assignment": works and rows named by code; a code not found refuses the whole list, naming its line. */
  async assignByKey(
    scope: VersionScope,
    directoryId: string,
    pairs: { workCode: string; rowCode: string; line?: number }[],
    applyDonors: boolean,
  ) {
    const { directory } = await this.deps.directories.seenAt(scope.grant, scope.lineage, directoryId);
    if (pairs.length === 0) throw new AppError("Required", { field: "links" });
    const codes = await idsByCode(this.deps.db, scope.version.id, directory.id);
    const links = new Map<number, string>();
    pairs.forEach((pair, index) => {
      const row = pair.line ?? index + 1;
      const itemId = codes.works.get(pair.workCode);
      if (itemId === undefined) throw new AppError("DirectoryUnknownWork", { row, code: pair.workCode });
      const rowId = codes.rows.get(pair.rowCode);
      if (rowId === undefined) throw new AppError("DirectoryUnknownRow", { row, code: pair.rowCode });
      links.set(itemId, rowId);
    });
    return this.write(
      scope,
      directory,
      [...links].map(([itemId, rowId]) => ({ itemId, rowId })),
      applyDonors,
    );
  }

  /**
   * The donors' values for the version's linked works (of one directory or all, of some works or all): a preview
   * answers what would change; otherwise the change is written and recorded for undo.
   */
  async refresh(scope: VersionScope, body: z.output<typeof refreshDonorsBody>): Promise<DonorRefresh> {
    const ids = body.directoryId
      ? [(await this.deps.directories.seenAt(scope.grant, scope.lineage, body.directoryId)).directory.id]
      : (await this.deps.directories.readableAt(scope.grant, scope.lineage)).map((s) => s.directory.id);
    if (body.preview) return (await this.plan(this.deps.db, scope, ids, body.itemIds, false)).summary;
    assertDetailsIn(scope.version);
    return applyChange(
      this.deps,
      scope,
      "undo_wbs",
      "directory_values",
      async (tx) => {
        const result = await this.plan(tx, scope, ids, body.itemIds, true);
        return {
          result: { ...result.summary, applied: true },
          changed: result.written,
          revisions: result.revisions,
          inverse: result.inverse ? { wbsAttrValues: result.inverse } : {},
          itemCount: result.written.length,
        };
      },
      { datesMayMove: false },
    );
  }

  private async write(
    scope: VersionScope,
    directory: { id: string; nodeId: string },
    links: { itemId: number; rowId: string | null }[],
    applyDonors: boolean,
  ) {
    const linked = links.flatMap((l) => (l.rowId ? [{ itemId: l.itemId, rowId: l.rowId }] : []));
    const unlinked = links.flatMap((l) => (l.rowId ? [] : [l.itemId]));
    const store = async (tx: Tx) => {
      const written = await writeLinks(tx, scope.grant.space.id, scope.version.id, directory.id, linked, unlinked);
      // a work or row checked above and deleted since is not linked: refuse all rather than link part
      if (written < linked.length) throw new AppError("NotFound", { field: "links" });
    };
    if (applyDonors)
      await applyChange(
        this.deps,
        scope,
        "undo_wbs",
        "directory_values",
        async (tx) => {
          await store(tx);
          const result = await this.plan(
            tx,
            scope,
            [directory.id],
            linked.map((l) => l.itemId),
            true,
          );
          return {
            result: {},
            changed: result.written,
            revisions: result.revisions,
            inverse: result.inverse ? { wbsAttrValues: result.inverse } : {},
            itemCount: result.written.length,
          };
        },
        { datesMayMove: false },
      );
    else
      await this.deps.db.transaction(async (tx) => {
        // the version's lock is checked as for any change of its content
        await bumpVersion(tx, scope.version.id, false);
        await store(tx);
      });
    this.deps.directories.changed(scope.grant, directory.id, directory.nodeId, "links", {
      versionId: scope.version.id,
      itemIds: links.length <= 1000 ? links.map((l) => l.itemId) : [],
    });
    return { linked: linked.length, unlinked: unlinked.length };
  }

  /**
   * What the donors change, counted and checked against the attributes in one statement (`donorPass`); with `write`
   * it is written by the same statement, and the undo keeps only the donor attributes' previous values, one array per
   * attribute; it answers the written works' new revisions too. (Building a WBS from a directory runs it too, inside
   * its own change.)
   */
  async plan(db: Db | Tx, scope: VersionScope, directoryIds: string[], itemIds: number[] | undefined, write: boolean) {
    // read in `db`: inside a transaction the embedded database's one connection is the transaction's
    const donors = await donorsAt(db, placeOf(scope), directoryIds);
    const none: DonorRefresh = { works: 0, values: 0, changes: [], applied: false };
    if (donors.length === 0) return { summary: none, written: [] as number[], revisions: [], inverse: undefined };
    const found = await donorPass(db, {
      versionId: scope.version.id,
      donors,
      itemIds,
      limit: DONOR_PREVIEW_MAX,
      write,
    });
    if (found.bad)
      throw new AppError("DirectoryValueInvalid", {
        row: found.bad.code,
        column: found.bad.attribute,
        value: found.bad.value,
      });
    const summary: DonorRefresh = { works: found.works, values: found.values, changes: found.changes, applied: false };
    if (found.ids.length === 0) return { summary, written: [] as number[], revisions: [], inverse: undefined };
    return {
      summary,
      written: found.ids,
      revisions: found.ids.map((id, i) => ({ id, revision: found.revisions[i] })),
      inverse: { ids: found.ids, keys: found.keys, values: found.before },
    };
  }
}
