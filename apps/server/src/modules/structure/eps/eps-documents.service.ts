import type { EpsDocument, EpsDocumentOrigin } from "@planum/contracts";
import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { epsDocuments, storedFiles, users } from "../../../db/schema/index.js";
import { type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import type { Storage } from "../../../platform/storage.js";
import type { UploadedFile } from "../../../platform/uploads.js";
import { epsUpdated } from "../structure-events.js";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The type of a produced file by its bytes: a PDF, an XLSX workbook (a ZIP holding `xl/`), or another ZIP (a batch
 * of reports). Anything else is not a report's or a print's output.
 */
export function documentMediaType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return bytes.includes("xl/workbook") ? XLSX : "application/zip";
  return null;
}

const columns = {
  id: epsDocuments.id,
  nodeId: epsDocuments.nodeId,
  fileId: epsDocuments.fileId,
  name: storedFiles.name,
  size: storedFiles.size,
  mediaType: storedFiles.mediaType,
  origin: epsDocuments.origin,
  createdAt: epsDocuments.createdAt,
  createdByName: sql<string | null>`nullif(trim(${users.lastName} || ' ' || ${users.firstName}), '')`,
};

function listed(db: DbOrTx, spaceId: string, nodeId: string, documentId?: string) {
  return db
    .select(columns)
    .from(epsDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, epsDocuments.fileId))
    .leftJoin(users, eq(users.id, epsDocuments.createdBy))
    .where(
      and(
        eq(epsDocuments.spaceId, spaceId),
        eq(epsDocuments.nodeId, nodeId),
        documentId ? eq(epsDocuments.id, documentId) : undefined,
      ),
    )
    .orderBy(asc(epsDocuments.createdAt), asc(epsDocuments.id));
}

const toDto = (row: Awaited<ReturnType<typeof listed>>[number]): EpsDocument => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A node's documents: the files a user produced (a report, a print) and kept with the node. Reading needs the node
 * readable; keeping and deleting need `eps:write` at the node. The bytes live in the documents storage area.
 */
export class EpsDocumentsService {
  constructor(private readonly deps: { db: Db; realtime: Realtime; storage: Storage }) {}

  async ofNode({ grant, node }: NodeScope) {
    return (await listed(this.deps.db, grant.space.id, node.id)).map(toDto);
  }

  private async one({ grant, node }: NodeScope, documentId: string) {
    const [row] = UUID.test(documentId) ? await listed(this.deps.db, grant.space.id, node.id, documentId) : [];
    if (!row) throw new AppError("NotFound");
    return row;
  }

  /** Checks the right first, then reads the upload: a PDF, XLSX or ZIP, kept with its row in one transaction. */
  async add(scope: NodeScope, origin: EpsDocumentOrigin, readUpload: () => Promise<UploadedFile>) {
    const { grant, node } = scope;
    await requireAt(this.deps.db, grant, "eps:write", scope.lineage);
    const upload = await readUpload();
    const mediaType = documentMediaType(upload.bytes);
    if (!mediaType) throw new AppError("UnsupportedFileType");
    const id = await this.deps.db.transaction(async (tx) => {
      const file = await this.deps.storage.save(tx, {
        area: "documents",
        name: upload.name.slice(0, 255),
        mediaType,
        bytes: upload.bytes,
        spaceId: grant.space.id,
        ownerUserId: grant.userId,
      });
      const [row] = await tx
        .insert(epsDocuments)
        .values({ spaceId: grant.space.id, nodeId: node.id, fileId: file.id, origin, createdBy: grant.userId })
        .returning({ id: epsDocuments.id });
      return row.id;
    });
    epsUpdated(this.deps.realtime, grant, "updated", [node.id], [node.parentId]);
    return toDto(await this.one(scope, id));
  }

  /** The file's bytes; the space hears `document_download`, as for any document. */
  async read(scope: NodeScope, documentId: string) {
    const document = await this.one(scope, documentId);
    const found = await this.deps.storage.read(this.deps.db, document.fileId);
    if (!found || found.file.spaceId !== scope.grant.space.id) throw new AppError("NotFound");
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "document_download",
      spaceId: scope.grant.space.id,
      byUserId: scope.grant.userId,
      fileId: found.file.id,
      name: found.file.name,
      size: found.file.size,
    });
    return { bytes: found.bytes, name: found.file.name, mediaType: found.file.mediaType };
  }

  async remove(scope: NodeScope, documentId: string) {
    const { grant, node } = scope;
    const document = await this.one(scope, documentId);
    await requireAt(this.deps.db, grant, "eps:write", scope.lineage);
    // the row goes with its file (cascade)
    await this.deps.storage.remove(this.deps.db, document.fileId);
    epsUpdated(this.deps.realtime, grant, "updated", [node.id], [node.parentId]);
  }
}
