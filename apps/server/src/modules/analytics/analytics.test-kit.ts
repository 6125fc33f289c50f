import { expect } from "vitest";
import type { Actor } from "../workspace/workspace.test-kit.js";

/** A10's plans of volume, labour and cost spread evenly over its five days. */
export async function planA10(owner: Actor, base: string, v: string, itemId: number) {
  for (const measure of ["volume", "labour", "cost"]) {
    const spread = await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [itemId],
      measure,
      mode: "evenly",
    });
    expect(spread.status).toBe(200);
  }
}

/** Reads until the answer satisfies `done` (the count after a change is a job): no sleeps, a generous deadline. */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are asserted by the tests themselves
export async function readUntil(actor: Actor, url: string, done: (data: any) => boolean) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await actor.call("GET", url);
    expect(response.status).toBe(200);
    if (done(response.body.data)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`never came: ${JSON.stringify(response.body.data)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
