import {
  type ImportFormat,
  type ImportSetting,
  type ImportSettingBody,
  idParams,
  importSettingBody,
  importSettingSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { isUniqueViolation } from "../../platform/sql.js";
import { type ImportSettingRow, interchangeRepo } from "./interchange.repo.js";
import { checkMappedFields } from "./upload.js";

function toDto(row: ImportSettingRow): ImportSetting {
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
  const row = await interchangeRepo.importSettingByName(db, spaceId, name);
  if (!row) throw new AppError("NotFound", { field: "rule" });
  return toDto(row);
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) return new AppError("NameTaken", { field: "name" });
  return error;
};

function values(body: ImportSettingBody) {
  checkMappedFields(body.mapping);
  return { name: body.name, format: body.format ?? null, mapping: body.mapping, skipRows: body.skipRows };
}

/** `/schedule-import-settings`: saved column mappings for CSV / XLSX uploads, shared by the space. */
export function importSettingsRoutes(ctx: AppContext) {
  const tags = ["Schedule import settings"];
  const { access, db } = ctx;

  return async function routes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: "/schedule-import-settings",
        tags,
        response: z.array(importSettingSchema),
        access: access.space("schedule:read"),
      },
      async ({ scope }) => (await interchangeRepo.listImportSettings(db, scope.space.id)).map(toDto),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedule-import-settings",
        tags,
        body: importSettingBody,
        response: importSettingSchema,
        access: access.space("schedule:write"),
      },
      async ({ scope, body }) => {
        const row = await interchangeRepo
          .insertImportSetting(db, scope.space.id, scope.userId, values(body))
          .catch((error) => {
            throw nameTaken(error);
          });
        return toDto(row);
      },
    );
    route(
      app,
      {
        method: "PUT",
        url: "/schedule-import-settings/:id",
        tags,
        params: idParams,
        body: importSettingBody,
        response: importSettingSchema,
        access: access.space("schedule:write"),
      },
      async ({ scope, params, body }) => {
        const row = await interchangeRepo
          .updateImportSetting(db, scope.space.id, params.id, values(body))
          .catch((error) => {
            throw nameTaken(error);
          });
        if (!row) throw new AppError("NotFound");
        return toDto(row);
      },
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedule-import-settings/:id",
        tags,
        params: idParams,
        response: z.object({ id: z.string() }),
        access: access.space("schedule:write"),
      },
      async ({ scope, params }) => {
        const row = await interchangeRepo.deleteImportSetting(db, scope.space.id, params.id);
        if (!row) throw new AppError("NotFound");
        return row;
      },
    );
  };
}
