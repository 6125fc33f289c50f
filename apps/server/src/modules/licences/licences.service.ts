import type { KeyObject } from "node:crypto";
import {
  type CheckoutBody,
  EVENTS_PROTOCOL_VERSION,
  type Licence,
  type LicenceRequest,
  type LicenceRequestCode,
  type SpaceLicence,
  type UpdateSeatBody,
} from "@planum/contracts";
import type { SpaceLicenceJson } from "../../db/schema/index.js";
import type { Grant, SpaceRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { APP_VERSION, effectivePaidType, licenceInForce, supportsVersion } from "../../platform/licence-gate.js";
import type { Mail } from "../../platform/mail.js";
import type { Realtime } from "../../platform/realtime.js";
import { verifyLicence } from "./licence-token.js";
import type { LicenceRequestRow, LicenceRow, LicencesRepo } from "./licences.repo.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isValidNow = (row: LicenceRow, now: number) =>
  row.expiresAt.getTime() > now && supportsVersion({ min: row.minVersion, max: row.maxVersion });

/** The licence in force among a space's licences: valid now, expiring last. */
function choose(rows: LicenceRow[], now = Date.now()): LicenceRow | null {
  const valid = rows.filter((row) => isValidNow(row, now));
  valid.sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime());
  return valid[0] ?? null;
}

function summary(row: LicenceRow): SpaceLicenceJson {
  return {
    licenceId: row.id,
    expiresAt: row.expiresAt.toISOString(),
    paidUsers: row.paidUsers,
    minVersion: row.minVersion,
    maxVersion: row.maxVersion,
    estimateUsers: row.estimateUsers,
    bimUsers: row.bimUsers,
  };
}

function toLicenceDto(row: LicenceRow, space: Pick<SpaceRow, "name" | "licence">, now = Date.now()): Licence {
  return {
    id: row.id,
    number: row.number,
    holder: row.holder,
    spaceId: row.spaceId,
    spaceName: space.name,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidUsers: row.paidUsers,
    appVersions: { min: row.minVersion, max: row.maxVersion },
    estimateUsers: row.estimateUsers,
    bimUsers: row.bimUsers,
    active: licenceInForce(space, now)?.licenceId === row.id,
    expired: row.expiresAt.getTime() <= now,
    loadedAt: row.loadedAt.toISOString(),
  };
}

/** The one-line request a vendor reads (`planum licence issue --request <code>`). */
export const encodeRequest = (request: LicenceRequestCode) =>
  Buffer.from(JSON.stringify(request)).toString("base64url");

function toRequestDto(row: LicenceRequestRow): LicenceRequest {
  const { id, spaceId, organisation, email, paidUsers, estimateUsers, bimUsers, months, appVersion } = row;
  return {
    id,
    spaceId,
    organisation,
    email,
    paidUsers,
    estimateUsers,
    bimUsers,
    months,
    createdAt: row.createdAt.toISOString(),
    code: encodeRequest({
      requestId: id,
      spaceId,
      organisation,
      email,
      paidUsers,
      estimateUsers,
      bimUsers,
      months,
      appVersion,
    }),
  };
}

/**
 * Licences: the system administrator loads the vendor's tokens and deletes old ones; a space's administrator sees
 * its licence, hands out the estimate and BIM seats, and asks the vendor for a licence (checkout). The space row
 * carries the licence in force (`spaces.licence`), which the access check of every call reads (platform/licence-gate).
 */
export class LicencesService {
  constructor(
    private readonly deps: {
      repo: LicencesRepo;
      realtime: Realtime;
      mail: Mail;
      publicKey: KeyObject;
      vendorEmail: string;
    },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  async list(): Promise<Licence[]> {
    const now = Date.now();
    return (await this.repo.all()).map(({ licence, space }) => toLicenceDto(licence, space, now));
  }

  /** Every refusal comes before the first write: a refused token leaves the installation as it was. */
  async load(userId: string, token: string): Promise<Licence> {
    const claims = verifyLicence(token, this.deps.publicKey);
    if (Date.parse(claims.expiresAt) <= Date.now()) throw new AppError("LicenseExpired");
    if (!supportsVersion(claims.appVersions)) throw new AppError("LicenseAppVersion", { version: APP_VERSION });
    const { row, space } = await this.repo.transaction(async (tx) => {
      const space = await this.repo.lockSpace(tx, claims.spaceId);
      if (!space) throw new AppError("SpaceNotFound");
      if (await this.repo.byNumber(tx, claims.number)) throw new AppError("LicenseAlreadyLoaded");
      const row = await this.repo.insert(tx, {
        number: claims.number,
        spaceId: space.id,
        holder: claims.holder,
        issuedAt: new Date(claims.issuedAt),
        expiresAt: new Date(claims.expiresAt),
        paidUsers: claims.paidUsers,
        minVersion: claims.appVersions.min,
        maxVersion: claims.appVersions.max,
        estimateUsers: claims.estimateUsers,
        bimUsers: claims.bimUsers,
        token: token.trim(),
        loadedBy: userId,
      });
      const updated = await this.refresh(tx, space);
      return { row, space: updated };
    });
    this.changed(space.id, userId);
    return toLicenceDto(row, space);
  }

  async remove(userId: string, id: string) {
    if (!UUID.test(id)) throw new AppError("NotFound");
    const spaceId = await this.repo.transaction(async (tx) => {
      const row = await this.repo.byId(id, tx);
      if (!row) throw new AppError("NotFound");
      const space = await this.repo.lockSpace(tx, row.spaceId);
      if (!space) throw new AppError("NotFound");
      if (licenceInForce(space)?.licenceId === id) throw new AppError("LicenseActiveDelete");
      await this.repo.delete(tx, id);
      await this.refresh(tx, space);
      return space.id;
    });
    this.changed(spaceId, userId);
  }

  /**
   * Writes the space's licence in force after its licences changed. A licence with fewer paid users than members is
   * taken (a renewal for fewer people): the members past the count are refused with LicenseLimit until some leave.
   * Feature seats are handed out by name, so a licence with fewer of them than handed out is refused.
   */
  private async refresh(tx: DbOrTx, space: SpaceRow): Promise<SpaceRow> {
    const chosen = choose(await this.repo.ofSpace(tx, space.id));
    if (chosen && chosen.id !== space.licence?.licenceId) {
      const used = await this.repo.seatCounts(tx, space.id);
      if (used.estimate > chosen.estimateUsers)
        throw new AppError(chosen.estimateUsers === 0 ? "LicenseEstimateAbsent" : "LicenseEstimateUsersExceeded", {
          limit: chosen.estimateUsers,
        });
      if (used.bim > chosen.bimUsers)
        throw new AppError(chosen.bimUsers === 0 ? "LicenseBimAbsent" : "LicenseBimUsersExceeded", {
          limit: chosen.bimUsers,
        });
    }
    const values = { licence: chosen ? summary(chosen) : null, paidType: "paid" as const };
    await this.repo.setSpaceLicence(tx, space.id, values);
    return { ...space, ...values };
  }

  async spaceLicence(grant: Grant): Promise<SpaceLicence> {
    const space = grant.space;
    const inForce = licenceInForce(space);
    const rows = await this.repo.seats(space.id);
    const licenceRow = inForce ? await this.repo.byId(inForce.licenceId) : null;
    const paidUsers = inForce?.paidUsers ?? Number.POSITIVE_INFINITY;
    const seats = rows.map(({ member, user }, index) => ({
      userId: user.id,
      login: user.login,
      lastName: user.lastName,
      firstName: user.firstName,
      role: member.role,
      paid: index < paidUsers,
      estimate: member.estimateSeat,
      bim: member.bimSeat,
    }));
    return {
      paidType: effectivePaidType(space),
      licence: licenceRow ? toLicenceDto(licenceRow, space) : null,
      used: {
        paidUsers: Math.min(rows.length, paidUsers),
        estimate: seats.filter((seat) => seat.estimate).length,
        bim: seats.filter((seat) => seat.bim).length,
      },
      seats,
      appVersion: APP_VERSION,
    };
  }

  /** Gives or takes a member's estimate and BIM seats, within the licence in force. */
  async setSeat(grant: Grant, userId: string, body: UpdateSeatBody) {
    if (!UUID.test(userId)) throw new AppError("UserNotFound", { field: "userId" });
    await this.repo.transaction(async (tx) => {
      const space = await this.repo.lockSpace(tx, grant.space.id);
      const licence = space ? licenceInForce(space) : null;
      if (!licence) throw new AppError("LicenseNoActive");
      const member = await this.repo.member(tx, grant.space.id, userId);
      if (!member) throw new AppError("UserNotFound", { field: "userId" });
      const used = await this.repo.seatCounts(tx, grant.space.id);
      if (body.estimate && !member.estimateSeat) {
        if (licence.estimateUsers === 0) throw new AppError("LicenseEstimateAbsent");
        if (used.estimate >= licence.estimateUsers)
          throw new AppError("LicenseEstimateUsersExceeded", { limit: licence.estimateUsers });
      }
      if (body.bim && !member.bimSeat) {
        if (licence.bimUsers === 0) throw new AppError("LicenseBimAbsent");
        if (used.bim >= licence.bimUsers) throw new AppError("LicenseBimUsersExceeded", { limit: licence.bimUsers });
      }
      await this.repo.setSeats(tx, grant.space.id, userId, {
        estimateSeat: body.estimate ?? member.estimateSeat,
        bimSeat: body.bim ?? member.bimSeat,
      });
    });
    this.changed(grant.space.id, grant.userId);
    return this.spaceLicence(grant);
  }

  /** The checkout form: the request is kept for the space and mailed to the vendor, who answers with a token. */
  async checkout(grant: Grant, body: CheckoutBody): Promise<LicenceRequest> {
    const row = await this.repo.insertRequest({
      spaceId: grant.space.id,
      requestedBy: grant.userId,
      ...body,
      appVersion: APP_VERSION,
    });
    const request = toRequestDto(row);
    await this.deps.mail.send({
      to: this.deps.vendorEmail,
      subject: `Planum licence request: ${body.organisation}`,
      body: [
        `Organisation: ${body.organisation}`,
        `Contact: ${body.email}`,
        `Space: ${grant.space.name} (${grant.space.id})`,
        `Paid users: ${body.paidUsers}; estimate users: ${body.estimateUsers}; BIM users: ${body.bimUsers}`,
        `Months: ${body.months}; application version: ${APP_VERSION}`,
        "",
        `planum licence issue --key <vendor key> --request ${request.code}`,
      ].join("\n"),
    });
    return request;
  }

  async requests(grant: Grant): Promise<LicenceRequest[]> {
    return (await this.repo.requests(grant.space.id)).map(toRequestDto);
  }

  private changed(spaceId: string, byUserId: string) {
    this.deps.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "space_licence_changed", spaceId, byUserId });
  }
}
