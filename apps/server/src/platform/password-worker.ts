import { hashSync, verifySync } from "@node-rs/argon2";

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes): strong, and ~30 ms of one core on this machine. */
// 2 is Argon2id in @node-rs/argon2's (const enum) Algorithm, which isolated modules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordTask = { op: "hash"; secret: string } | { op: "verify"; hashed: string; secret: string };

/**
 * Runs in a worker thread of the password pool (platform/passwords.ts). The synchronous calls keep exactly one hash
 * per thread, so the pool's size is the number of cores hashing takes.
 */
export default function passwordTask(task: PasswordTask): string | boolean {
  if (task.op === "hash") return hashSync(task.secret, OPTIONS);
  try {
    return verifySync(task.hashed, task.secret);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}
