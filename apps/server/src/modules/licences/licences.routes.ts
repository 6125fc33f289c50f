import {
  checkoutBody,
  licenceIdParams,
  licenceRequestSchema,
  licenceSchema,
  loadLicenceBody,
  seatParams,
  spaceIdParams,
  spaceLicenceSchema,
  updateSeatBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { publicKeyFrom, VENDOR_PUBLIC_KEY } from "./licence-token.js";
import { LicencesRepo } from "./licences.repo.js";
import { LicencesService } from "./licences.service.js";

/**
 * Licences: the installation's list, load and delete (system administrator, `/licences`); a space's licence, its
 * feature seats and the checkout request (the space's administrator, `/space/{id}/licence…`).
 */
export function licencesModule(ctx: AppContext) {
  const service = new LicencesService({
    repo: new LicencesRepo(ctx.db),
    realtime: ctx.realtime,
    mail: ctx.mail,
    publicKey: publicKeyFrom(ctx.config.licencePublicKey ?? VENDOR_PUBLIC_KEY),
    vendorEmail: ctx.config.licenceVendorEmail,
  });
  const { access } = ctx;
  const inPath = { param: "id" };

  return async function licencesRoutes(app: FastifyInstance) {
    const tags = ["Licences"];

    route(
      app,
      { method: "GET", url: "/licences", tags, response: z.array(licenceSchema), access: access.systemAdmin },
      () => service.list(),
    );
    route(
      app,
      {
        method: "POST",
        url: "/licences",
        tags,
        body: loadLicenceBody,
        response: licenceSchema,
        access: access.systemAdmin,
      },
      ({ scope, body }) => service.load(scope.user.id, body.token),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/licences/:id",
        tags,
        params: licenceIdParams,
        response: z.null(),
        access: access.systemAdmin,
      },
      async ({ scope, params }) => {
        await service.remove(scope.user.id, params.id);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/licence",
        tags,
        params: spaceIdParams,
        response: spaceLicenceSchema,
        access: access.space("space:admin", inPath),
      },
      ({ scope }) => service.spaceLicence(scope),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id/licence/seats/:userId",
        tags,
        params: seatParams,
        body: updateSeatBody,
        response: spaceLicenceSchema,
        access: access.space("space:admin", inPath),
      },
      ({ scope, params, body }) => service.setSeat(scope, params.userId, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/licence/checkout",
        tags,
        params: spaceIdParams,
        body: checkoutBody,
        response: licenceRequestSchema,
        access: access.space("space:admin", inPath),
      },
      ({ scope, body }) => service.checkout(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/licence/requests",
        tags,
        params: spaceIdParams,
        response: z.array(licenceRequestSchema),
        access: access.space("space:admin", inPath),
      },
      ({ scope }) => service.requests(scope),
    );
  };
}
