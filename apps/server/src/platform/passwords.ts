import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes): strong, and ~30 ms on this machine. */
// 2 is Argon2id in @node-rs/argon2's (const enum) Algorithm, which isolated modules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(hashed: string | null, secret: string): Promise<boolean> {
  if (!hashed) return false;
  return verify(hashed, secret).catch(() => false);
}

/** Secret answers are compared without regard to case or surrounding spaces: people retype them from memory. */
export const normalizeSecretAnswer = (answer: string) => answer.trim().toLocaleLowerCase();
