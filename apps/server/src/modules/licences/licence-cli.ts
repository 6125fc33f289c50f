import { generateKeyPairSync, randomUUID } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { type LicenceClaims, licenceRequestCodeSchema } from "@planum/contracts";
import { APP_VERSION } from "../../platform/licence-gate.js";
import { privateKeyFrom, signLicence } from "./licence-token.js";

export const LICENCE_HELP = `  planum licence keygen <private.pem> <public.pem>
                     the vendor's key pair (Ed25519); installations take the public key (PLANUM_LICENCE_PUBLIC_KEY)
  planum licence issue --key <private.pem> (--request <code> | --space <id> --holder <name> --users <n> --months <n>)
                     [--estimate <n>] [--bim <n>] [--number <text>] [--min-version x.y.z] [--max-version x.y.z]
                     print a licence token signed with the vendor's key (a checkout request's code fills the rest)
`;

interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const addMonths = (from: Date, months: number) => {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

/** The claims of `planum licence issue`: from a checkout request's code, each flag overriding what it says. */
export function claimsFromArgs(args: string[], now = new Date()): LicenceClaims {
  const { values } = parseArgs({
    args,
    options: {
      key: { type: "string" },
      request: { type: "string" },
      space: { type: "string" },
      holder: { type: "string" },
      users: { type: "string" },
      months: { type: "string" },
      estimate: { type: "string" },
      bim: { type: "string" },
      number: { type: "string" },
      "min-version": { type: "string" },
      "max-version": { type: "string" },
    },
  });
  const request = values.request
    ? licenceRequestCodeSchema.parse(JSON.parse(Buffer.from(values.request, "base64url").toString("utf8")))
    : null;
  const int = (text: string | undefined, fallback: number | undefined, name: string) => {
    const value = text === undefined ? fallback : Number(text);
    if (value === undefined || !Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const spaceId = values.space ?? request?.spaceId;
  if (!spaceId) throw new Error("--space or --request is needed");
  const holder = values.holder ?? request?.organisation;
  if (!holder) throw new Error("--holder or --request is needed");
  return {
    v: 1,
    number: values.number ?? `PL-${randomUUID().slice(0, 8).toUpperCase()}`,
    holder,
    spaceId,
    issuedAt: now.toISOString(),
    expiresAt: addMonths(now, int(values.months, request?.months, "months")).toISOString(),
    paidUsers: int(values.users, request?.paidUsers, "users"),
    appVersions: { min: values["min-version"] ?? "0.0.0", max: values["max-version"] ?? null },
    estimateUsers: int(values.estimate, request?.estimateUsers ?? 0, "estimate"),
    bimUsers: int(values.bim, request?.bimUsers ?? 0, "bim"),
  };
}

/** `planum licence …`: the vendor's tools. The private key is read from a file and never printed. */
export function runLicenceCommand(args: string[], io: Io): number {
  const [sub, ...rest] = args;
  try {
    if (sub === "keygen") {
      const [privatePath, publicPath] = rest;
      if (!privatePath || !publicPath) throw new Error("keygen needs the paths of the private and public key files");
      const { privateKey, publicKey } = generateKeyPairSync("ed25519");
      fs.writeFileSync(privatePath, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600, flag: "wx" });
      fs.writeFileSync(publicPath, publicKey.export({ type: "spki", format: "pem" }), { flag: "wx" });
      io.stdout(`Private key: ${privatePath} (keep it with the vendor)\nPublic key: ${publicPath}\n`);
      return 0;
    }
    if (sub === "issue") {
      const keyAt = rest.indexOf("--key");
      const keyPath = keyAt >= 0 ? rest[keyAt + 1] : undefined;
      if (!keyPath) throw new Error("--key <private.pem> is needed");
      const claims = claimsFromArgs(rest);
      io.stdout(`${signLicence(claims, privateKeyFrom(fs.readFileSync(keyPath, "utf8")))}\n`);
      io.stderr(
        `Licence ${claims.number} for space ${claims.spaceId}: ${claims.paidUsers} users until ${claims.expiresAt} ` +
          `(this build is ${APP_VERSION})\n`,
      );
      return 0;
    }
    io.stderr(`Unknown licence command "${sub ?? ""}".\n\n${LICENCE_HELP}`);
    return 2;
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
