import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { type LicenceClaims, licenceClaimsSchema } from "@planum/contracts";
import { AppError } from "../../platform/errors.js";

/**
 * A licence token: a compact JWS (`header.payload.signature`, base64url) signed with Ed25519 (`alg: EdDSA`), so any
 * JOSE library reads it too. Node's crypto signs and verifies it; no key ever leaves the vendor but the public one.
 */

/** The vendor's public key, built into every installation (`PLANUM_LICENCE_PUBLIC_KEY` replaces it). */
export const VENDOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAtiB2PJOOkEzzrZOOakDuTmMnrxBWjTOhq1g6neIAd4A=
-----END PUBLIC KEY-----
`;

const HEADER = { alg: "EdDSA", typ: "planum-licence" };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A key given as PEM text or as the base64 of its DER form (SPKI for public keys, PKCS#8 for private ones). */
export function publicKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith("-----")
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
}

export function privateKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith("-----")
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "pkcs8" });
}

/** The vendor's side (`planum licence issue`): the claims signed with its private key. */
export function signLicence(claims: LicenceClaims, privateKey: KeyObject): string {
  const data = `${encode(HEADER)}.${encode(licenceClaimsSchema.parse(claims))}`;
  return `${data}.${sign(null, Buffer.from(data), privateKey).toString("base64url")}`;
}

/**
 * The installation's side: the claims of a token signed by the vendor's key, or LicenseDecrypt for anything else (a
 * forged or damaged token, another key, claims that are not a licence). Expiry and version are the caller's checks.
 */
export function verifyLicence(token: string, publicKey: KeyObject): LicenceClaims {
  const parts = token.trim().split(".");
  if (parts.length !== 3) throw new AppError("LicenseDecrypt");
  const [header, payload, signature] = parts;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Record<string, unknown>;
    if (head.alg !== HEADER.alg) throw new Error("algorithm");
    const signed = verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, "base64url"));
    if (!signed) throw new Error("signature");
    return licenceClaimsSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw new AppError("LicenseDecrypt");
  }
}
