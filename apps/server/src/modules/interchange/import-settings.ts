import { type ImportFormat, type ImportSetting, idParams, importSettingBody } from "@planum/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { scheduleImportSettings } from "../../db/schema/index.js";
import type { AppContext } from "../../platform/context.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";
import { isUniqueViolation } from "../../platform/sql.js";
import { checkMappedFields } from "./interchange.service.js";

type Row = typeof scheduleImportSettings.$inferSelect;

function toDto(row: Row): ImportSetting {
  return {
    id: row.id,
    name: row.name,
    format: row.format as ImportFormat | null,
    mapping: row.mapping,
    skipRows: row.skipRows,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The saved rule an upload names in `?rule=`; an unknown name is refused rather than silently ignored. */
export async function findImportRule(db: Db, spaceId: string, name: string): Promise<ImportSetting> {
  const [row] = await db
    .select()
    .from(scheduleImportSettings)
    .where(and(eq(scheduleImportSettings.spaceId, spaceId), eq(scheduleImportSettings.name, name)));
  if (!row) throw new AppError("NotFound", { field: "rule" });
  return toDto(row);
}

/** `/schedule-import-settings`: saved column mappings for CSV / XLSX uploads, shared by the space. */
export function importSettingsRoutes(ctx: AppContext) {
  const tags = ["Schedule import settings"];
  const nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) return new AppError("NameTaken", { field: "name" });
    return error;
  };

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.get("/schedule-import-settings", { schema: { tags } }, async (request) => {
      const grant = await ctx.access.space("schedule:read").check(request, {});
      const rows = await ctx.db
        .select()
        .from(scheduleImportSettings)
        .where(eq(scheduleImportSettings.spaceId, grant.space.id))
        .orderBy(asc(scheduleImportSettings.name));
      return ok(rows.map(toDto));
    });

    app.post("/schedule-import-settings", { schema: { tags, body: importSettingBody } }, async (request) => {
      const grant = await ctx.access.space("schedule:write").check(request, {});
      const body = request.body;
      checkMappedFields(body.mapping);
      const [row] = await ctx.db
        .insert(scheduleImportSettings)
        .values({
          spaceId: grant.space.id,
          name: body.name,
          format: body.format ?? null,
          mapping: body.mapping,
          skipRows: body.skipRows,
          createdBy: grant.userId,
        })
        .returning()
        .catch((error) => {
          throw nameTaken(error);
        });
      return ok(toDto(row));
    });

    app.put(
      "/schedule-import-settings/:id",
      { schema: { tags, params: idParams, body: importSettingBody } },
      async (request) => {
        const grant = await ctx.access.space("schedule:write").check(request, {});
        const body = request.body;
        checkMappedFields(body.mapping);
        const [row] = await ctx.db
          .update(scheduleImportSettings)
          .set({
            name: body.name,
            format: body.format ?? null,
            mapping: body.mapping,
            skipRows: body.skipRows,
            updatedAt: new Date(),
          })
          .where(
            and(eq(scheduleImportSettings.spaceId, grant.space.id), eq(scheduleImportSettings.id, request.params.id)),
          )
          .returning()
          .catch((error) => {
            throw nameTaken(error);
          });
        if (!row) throw new AppError("NotFound");
        return ok(toDto(row));
      },
    );

    app.delete("/schedule-import-settings/:id", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await ctx.access.space("schedule:write").check(request, {});
      const [row] = await ctx.db
        .delete(scheduleImportSettings)
        .where(
          and(eq(scheduleImportSettings.spaceId, grant.space.id), eq(scheduleImportSettings.id, request.params.id)),
        )
        .returning();
      if (!row) throw new AppError("NotFound");
      return ok({ id: row.id });
    });
  };
}
