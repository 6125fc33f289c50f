import { and, eq } from "drizzle-orm";
import { wbsItems } from "../../db/schema/index.js";
import {
  type Grant,
  grantsAt,
  lineage,
  loadNode,
  loadVersion,
  membersHolding,
  type NodeScope,
  requireAt,
  type VersionScope,
} from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { ChatRepo, type ChatRow } from "./chat.repo.js";

/**
 * A chat the caller may take part in: whoever may read its node (eps:read) or its work's version (schedule:read),
 * space-wide or granted on the place's lineage. The same rule names its members.
 */
export interface ChatScope {
  grant: Grant;
  chat: ChatRow;
  lineage: string[];
  ability: "eps:read" | "schedule:read";
  title: string;
}

/** A work of the version, or 404. */
async function loadWork(db: DbOrTx, scope: VersionScope, wbsId: number) {
  const [item] = await db
    .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
    .from(wbsItems)
    .where(
      and(eq(wbsItems.spaceId, scope.grant.space.id), eq(wbsItems.versionId, scope.version.id), eq(wbsItems.id, wbsId)),
    );
  if (!item) throw new AppError("NotFound");
  return item;
}

export const workTitle = (work: { code: string; name: string }) =>
  work.code ? `${work.code} ${work.name}` : work.name;

export async function nodeChatScope(db: DbOrTx, scope: NodeScope): Promise<ChatScope> {
  const chat = await new ChatRepo(db).ensure(scope.grant.space.id, { nodeId: scope.node.id });
  return { grant: scope.grant, chat, lineage: scope.lineage, ability: "eps:read", title: scope.node.name };
}

export async function workChatScope(db: DbOrTx, scope: VersionScope, wbsId: number): Promise<ChatScope> {
  const work = await loadWork(db, scope, wbsId);
  const chat = await new ChatRepo(db).ensure(scope.grant.space.id, { versionId: scope.version.id, wbsId });
  return { grant: scope.grant, chat, lineage: scope.lineage, ability: "schedule:read", title: workTitle(work) };
}

/** The chat `chatId` of the caller's space where they may read its place; 404 for another space's or a missing one. */
export async function chatScope(db: DbOrTx, grant: Grant, chatId: string): Promise<ChatScope> {
  const chat = await new ChatRepo(db).one(grant.space.id, chatId);
  if (!chat) throw new AppError("NotFound");
  if (chat.nodeId) {
    const node = await loadNode(db, grant.space.id, chat.nodeId);
    const nodeLineage = lineage(node);
    await requireAt(db, grant, "eps:read", nodeLineage);
    return { grant, chat, lineage: nodeLineage, ability: "eps:read", title: node.name };
  }
  const version = await loadVersion(db, grant, chat.versionId ?? "");
  await requireAt(db, grant, "schedule:read", version.lineage);
  const work = await loadWork(db, version, chat.wbsId ?? 0);
  return { grant, chat, lineage: version.lineage, ability: "schedule:read", title: workTitle(work) };
}

/** A listed chat with what its check needs (ChatRepo.listed): its node's path, or its work's project path. */
interface ListedPlace {
  chat: ChatRow;
  nodeName: string | null;
  nodePath: string | null;
  workName: string | null;
  projectPath: string | null;
  scheduleId: string | null;
}

/**
 * The listed chats the caller may read — the rule of `chatScope` (eps:read at a node chat's place, schedule:read at
 * a work chat's, space-wide or granted on the lineage; the place still there) for all of them with one query of the
 * role's grants on every lineage at once, instead of one check per chat.
 */
export async function readableChats<T extends ListedPlace>(db: DbOrTx, grant: Grant, rows: T[]): Promise<T[]> {
  const placed = rows.flatMap((row): { row: T; ability: "eps:read" | "schedule:read"; lineage: string[] }[] => {
    if (row.chat.nodeId) {
      if (row.nodeName === null || row.nodePath === null) return [];
      return [{ row, ability: "eps:read", lineage: lineage({ path: row.nodePath }) }];
    }
    if (row.workName === null || row.projectPath === null || row.scheduleId === null) return [];
    const ids = [...lineage({ path: row.projectPath }), row.scheduleId];
    return [{ row, ability: "schedule:read", lineage: ids }];
  });
  const needsGrants = placed.some((p) => !grant.abilities.includes(p.ability));
  const granted = needsGrants
    ? await grantsAt(db, grant, [...new Set(placed.flatMap((p) => p.lineage))])
    : new Set<string>();
  return placed
    .filter((p) => grant.abilities.includes(p.ability) || p.lineage.some((id) => granted.has(`${id} ${p.ability}`)))
    .map((p) => p.row);
}

/** Who takes part in the chat: the active members holding its ability at its place. */
export function chatMembers(db: DbOrTx, scope: ChatScope) {
  return membersHolding(db, scope.grant.space.id, scope.ability, scope.lineage);
}
