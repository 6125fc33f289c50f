import { expect } from "vitest";
import { type Actor, addItem } from "../workspace/workspace.test-kit.js";

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

/** A second schedule "Кровля" in the project, its version from 03.02.2025 with one work R10 of 250 of cost planned. */
export async function addRoofSchedule(owner: Actor, projectId: string) {
  const other = (await owner.call("POST", `/projects/${projectId}/schedules/create`, { name: "Кровля" })).body.data;
  const version = (
    await owner.call("POST", `/schedules/${other.id}/versions/create`, {
      label: "1",
      projectStart: "2025-02-03T08:00",
    })
  ).body.data;
  const roof = await addItem(owner, version.id, {
    type: "work",
    name: "Кровля",
    code: "R10",
    duration: 960,
    plannedCost: 250,
  });
  await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  const spread = await owner.call("POST", `/schedules/${other.id}/wdp/distribute`, {
    versionId: version.id,
    itemIds: [roof.id],
    measure: "cost",
    mode: "evenly",
  });
  expect(spread.status).toBe(200);
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
