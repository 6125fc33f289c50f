import {
  addValuesToVersionBody,
  assignByKeyBody,
  assignUploadQuery,
  copyWbsFromDirectoryBody,
  copyWbsFromDirectorySchema,
  donorRefreshSchema,
  idParams,
  linkWorksBody,
  linkWorksResultSchema,
  refreshDonorsBody,
  scheduleDonorBody,
  scheduleDonorParams,
  scheduleDonorSchema,
  syncWithListBody,
  syncWithListSchema,
  versionDirectoryLinksSchema,
  versionDirectoryParams,
  versionIdParams,
  versionLinkedValuesSchema,
  versionLinksQuery,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { readUpload } from "../../../platform/uploads.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { DirectoriesService } from "../../directories/directories.service.js";
import { DirectoryAttributes } from "../../directories/directory-attributes.js";
import { readKeyPairs } from "../../directories/directory-files.js";
import { DirectoryLinksService } from "./links.service.js";
import { ScheduleDonorsService } from "./schedule-donors.js";
import { WbsFromDirectoryService } from "./wbs-from-directory.service.js";

/**
 * A version's works linked to directory rows (spec §7 "Under /versions/{id}/directory": create, update-linked-value;
 * directory add-values-to-version): which directories the schedule sees and its links, linking (by ids, by codes,
 * from a file), and the donors' values written into the works after a preview; the schedule's own donors.
 */
export function directoryLinksModule(ctx: AppContext) {
  const directories = new DirectoriesService({ db: ctx.db, realtime: ctx.realtime });
  const attributes = new DirectoryAttributes({ db: ctx.db, directories });
  const service = new DirectoryLinksService({
    db: ctx.db,
    events: new WorkspaceEvents(ctx.realtime),
    directories,
    attributes,
  });
  const wbs = new WbsFromDirectoryService({
    db: ctx.db,
    events: new WorkspaceEvents(ctx.realtime),
    directories,
    links: service,
  });
  const scheduleDonors = new ScheduleDonorsService({ db: ctx.db, directories });
  const { access } = ctx;
  const tags = ["Directories"];
  return async function directoryLinksRoutes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/directory",
        tags,
        summary: "Directories seen at the version's schedule (linked attributes, donors) and the works' links to rows",
        params: versionIdParams,
        query: versionLinksQuery,
        response: versionDirectoryLinksSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.read(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/directory/linked-values",
        tags,
        summary: "The linked attributes' values of every linked work, as columns per directory",
        params: versionIdParams,
        response: versionLinkedValuesSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.linkedValues(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/directory/create",
        tags,
        summary: "Links works to rows of a directory (rowId null unlinks); all or nothing",
        params: versionIdParams,
        body: linkWorksBody,
        response: linkWorksResultSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.link(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/directory/:dirId/assign",
        tags,
        summary: "Links works to rows named by their codes; an unknown code refuses the list, naming its line",
        params: versionDirectoryParams,
        body: assignByKeyBody,
        response: linkWorksResultSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.assignByKey(scope, params.dirId, body.links, body.applyDonors),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/directory/:dirId/upload",
        tags,
        summary: "Upload with assignment: an XLSX or CSV file (multipart `file`) of work codes and row codes",
        params: versionDirectoryParams,
        query: assignUploadQuery,
        response: linkWorksResultSchema,
        access: access.version("write"),
      },
      async ({ scope, params, query, request }) => {
        const file = await readUpload(request, ctx.config.maxUploadBytes);
        const pairs = await readKeyPairs(file, query.skipRows, query.workColumn, query.rowColumn);
        return service.assignByKey(scope, params.dirId, pairs, query.applyDonors);
      },
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/directory/update-linked-value",
        tags,
        summary: "Donor values into the linked works: a preview of what changes, or the change (undoable)",
        params: versionIdParams,
        body: refreshDonorsBody,
        response: donorRefreshSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.refresh(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/directory/:dirId/add-values-to-version",
        tags,
        summary: "One directory's donor values into the version's linked works (preview first, as update-linked-value)",
        params: versionDirectoryParams,
        body: addValuesToVersionBody,
        response: donorRefreshSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.refresh(scope, { directoryId: params.dirId, preview: body.preview }),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/directory/copy-wbs",
        tags,
        summary:
          "Builds WBS items from a directory's rows (sums for rows with children, works for leaves), linked to them",
        params: versionIdParams,
        body: copyWbsFromDirectoryBody,
        response: copyWbsFromDirectorySchema,
        access: access.version("write"),
      },
      ({ scope, body }) => wbs.copy(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/directory/sync-with-list",
        tags,
        summary:
          "Keeps the WBS built from a directory in step with it: a preview of the renames and additions, or the change",
        params: versionIdParams,
        body: syncWithListBody,
        response: syncWithListSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => wbs.sync(scope, body),
    );

    // A schedule's own donors: into the schedule's attributes, defined by its writers.
    const donors = "/schedules/:id/directory-donors";
    const listed = z.array(scheduleDonorSchema);
    route(
      app,
      {
        method: "GET",
        url: donors,
        tags,
        summary: "The schedule's own donors: directory columns copied into the schedule's work attributes",
        params: idParams,
        response: listed,
        access: access.scheduleAt("schedule:read"),
      },
      ({ scope }) => scheduleDonors.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: donors,
        tags,
        summary: "Adds a donor of the schedule (a column of a directory it sees → a schedule attribute of that type)",
        params: idParams,
        body: scheduleDonorBody,
        response: listed,
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, body }) => scheduleDonors.add(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: `${donors}/:donorId`,
        tags,
        params: scheduleDonorParams,
        body: scheduleDonorBody,
        response: listed,
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, params, body }) => scheduleDonors.update(scope, params.donorId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${donors}/:donorId`,
        tags,
        params: scheduleDonorParams,
        response: listed,
        access: access.scheduleAt("schedule:write"),
      },
      ({ scope, params }) => scheduleDonors.remove(scope, params.donorId),
    );
  };
}
