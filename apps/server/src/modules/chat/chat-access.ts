import { and, eq } from "drizzle-orm";
import { wbsItems } from "../../db/schema/index.js";
import {
  type Grant,
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

/** Whether the caller may read the chat's place (the list of chats keeps only those). */
export async function mayRead(db: DbOrTx, grant: Grant, chatId: string) {
  return chatScope(db, grant, chatId).then(
    () => true,
    () => false,
  );
}

/** Who takes part in the chat: the active members holding its ability at its place. */
export function chatMembers(db: DbOrTx, scope: ChatScope) {
  return membersHolding(db, scope.grant.space.id, scope.ability, scope.lineage);
}
