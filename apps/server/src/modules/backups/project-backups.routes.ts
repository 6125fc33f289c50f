import {
  backupJobSchema,
  backupPreviewSchema,
  backupSchema,
  idParams,
  projectBackupParams,
  restoreProjectBackupBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccessRules } from "../../platform/access.js";
import { route } from "../../platform/route.js";
import type { BackupsService } from "./backups.service.js";

/**
 * A project's own backups (spec §7 Projects: `/projects/{id}/backups` create, get, restore, delete): the space
 * backups of scope `project` whose target is `{id}`, for the space's administrator (space from X-Space-Id). A backup
 * of another project, of the space or of a schedule answers 404 here, as another space's project does.
 */
export function projectBackupRoutes(app: FastifyInstance, service: BackupsService, access: AccessRules) {
  const tags = ["Backups"];
  const admin = access.nodeIn("space:admin", { kinds: ["project"] });
  const base = "/projects/:id/backups";

  route(
    app,
    {
      method: "GET",
      url: base,
      tags,
      summary: "The project's backups, newest first",
      params: idParams,
      response: z.array(backupSchema),
      access: admin,
    },
    ({ scope }) => service.list(scope.grant, { scope: "project", targetId: scope.node.id }),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/create`,
      tags,
      summary: "Saves the project now, as a job (event `backup`)",
      params: idParams,
      response: backupJobSchema,
      access: admin,
    },
    ({ scope }) => service.create(scope.grant, { scope: "project", targetId: scope.node.id }),
  );
  route(
    app,
    {
      method: "GET",
      url: `${base}/:backupId/preview`,
      tags,
      summary: "Rows of each table in the project's backup beside what the project holds today",
      params: projectBackupParams,
      response: backupPreviewSchema,
      access: admin,
    },
    async ({ scope, params }) => {
      await service.requireProjectBackup(scope.grant, scope.node.id, params.backupId);
      return service.preview(scope.grant, params.backupId);
    },
  );
  route(
    app,
    {
      method: "PATCH",
      url: `${base}/:backupId/restore`,
      tags,
      summary: "Restores the project's backup in place or as a new project, as a job (event `backup`)",
      params: projectBackupParams,
      body: restoreProjectBackupBody,
      response: backupJobSchema,
      access: admin,
    },
    async ({ scope, params, body }) => {
      await service.requireProjectBackup(scope.grant, scope.node.id, params.backupId);
      return service.restore(scope.grant, params.backupId, body);
    },
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${base}/:backupId`,
      tags,
      summary: "Deletes one of the project's backups and its file",
      params: projectBackupParams,
      response: z.null(),
      access: admin,
    },
    async ({ scope, params }) => {
      await service.requireProjectBackup(scope.grant, scope.node.id, params.backupId);
      await service.remove(scope.grant, params.backupId);
      return null;
    },
  );
}
