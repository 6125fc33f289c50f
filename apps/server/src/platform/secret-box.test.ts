import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SECRET_KEY_FILE, SecretBox } from "./secret-box.js";

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "planum-secret-"));

describe("secret box", () => {
  it("seals with AES-GCM: the text is not in the sealed value, and only the same key opens it", () => {
    const box = SecretBox.fromText("key of the installation");
    const sealed = box.seal("export-token-123");
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("export-token-123");
    expect(box.seal("export-token-123")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("export-token-123");
    expect(() => SecretBox.fromText("another key").open(sealed)).toThrow(
      expect.objectContaining({ code: "SecretUnreadable" }),
    );
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => box.open(tampered)).toThrow(expect.objectContaining({ code: "SecretUnreadable" }));
    expect(() => box.open("plain text")).toThrow(expect.objectContaining({ code: "SecretUnreadable" }));
  });

  it("without PLANUM_SECRET_KEY, a key is made once in the data folder, for its owner only, and kept across starts", () => {
    const dataDir = folder();
    const sealed = SecretBox.open({ secretKey: null, dataDir }).seal("token");
    expect(SecretBox.open({ secretKey: null, dataDir }).open(sealed)).toBe("token");
    expect(fs.statSync(path.join(dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(() => SecretBox.open({ secretKey: null, dataDir: folder() }).open(sealed)).toThrow();
    const fromEnv = SecretBox.open({ secretKey: "shared by the processes", dataDir: folder() }).seal("token");
    expect(SecretBox.open({ secretKey: "shared by the processes", dataDir }).open(fromEnv)).toBe("token");
  });
});
