import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "./errors.js";

/** Sealed values start with this, so a value written before sealing existed is told apart (and sealed at start). */
const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The generated key's file in the data folder, when the environment gives none. */
export const SECRET_KEY_FILE = "secret.key";

/**
 * Credentials the installation must send to someone else (another installation's export token) are kept sealed with
 * AES-256-GCM: a dump of the database or a backup of it does not give them away. The key comes from
 * `PLANUM_SECRET_KEY` (any text; its SHA-256 is the key) or, without it, from a random key generated once and kept in
 * the data folder (`secret.key`, readable by its owner only) — processes of one installation on several machines must
 * share `PLANUM_SECRET_KEY`.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromText(secret: string) {
    return new SecretBox(createHash("sha256").update(secret, "utf8").digest());
  }

  /** The environment's key, or the data folder's one (made at the first start; a racing second start reads it). */
  static open(options: { secretKey: string | null; dataDir: string }) {
    if (options.secretKey) return SecretBox.fromText(options.secretKey);
    const file = path.join(options.dataDir, SECRET_KEY_FILE);
    fs.mkdirSync(options.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = fs.readFileSync(file, "utf8").trim();
    if (!text) throw new Error(`${file} is empty: delete it or set PLANUM_SECRET_KEY`);
    return SecretBox.fromText(text);
  }

  static isSealed(value: string) {
    return value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  /** The sealed value's text; sealed with another key (or altered): SecretUnreadable, never the value's bytes. */
  open(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new AppError("SecretUnreadable");
    const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new AppError("SecretUnreadable");
    }
  }
}
