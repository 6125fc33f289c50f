import type { DirectoryGraph } from "@planum/contracts";
import type { EpsNodeRow, Grant } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import type { DirectoriesService } from "./directories.service.js";
import { linkSettingsOf } from "./directory-attributes.js";
import { DirectoryRelationsRepo } from "./directory-relations.repo.js";

/**
 * `GET /eps/{id}/directory/graph`: the directories seen at the node that the caller reads, and how they link — linked
 * attributes (to the works), donors (to work attributes), complex relations (between two of them).
 */
export async function directoryGraph(
  db: DbOrTx,
  directories: DirectoriesService,
  grant: Grant,
  node: EpsNodeRow,
): Promise<DirectoryGraph> {
  const seen = await directories.atNode(grant, node);
  const ids = new Set(seen.map((d) => d.id));
  const { donors, linked } = await linkSettingsOf(db, grant.space.id, [...ids]);
  const columnName = new Map(seen.flatMap((d) => d.columns.map((c) => [c.id, c.name] as const)));
  const relations = (await new DirectoryRelationsRepo(db).list(grant.space.id)).filter(
    (r) => ids.has(r.sourceId) && ids.has(r.targetId),
  );
  const attributes = new Map(donors.map((d) => [d.attributeId, d.attributeName]));
  return {
    directories: seen.map((d) => ({ id: d.id, name: d.name, nodeName: d.nodeName, kind: d.kind })),
    attributes: [...attributes].map(([id, name]) => ({ id, name })),
    edges: [
      ...linked.map((l) => ({ kind: "linked" as const, from: l.directoryId, to: null, label: l.name })),
      ...donors.map((d) => ({
        kind: "donor" as const,
        from: d.directoryId,
        to: d.attributeId,
        label: columnName.get(d.columnId) ?? "",
      })),
      ...relations.map((r) => ({ kind: "relation" as const, from: r.sourceId, to: r.targetId, label: r.name })),
    ],
  };
}
