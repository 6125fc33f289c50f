import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { TestServer } from "../../test/test-server.js";
import { type Actor, addItem, link } from "../workspace/workspace.test-kit.js";

/** What the print tests share: an A4 format with Russian bands, a seeded chain of works, PDFs read back as text and pixels. */
export const format = {
  paper: "A4",
  orientation: "landscape",
  widthMm: 297,
  heightMm: 210,
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: {
    firstHeader: { left: "[project]", center: "Утверждаю: главный инженер", right: "[dataDate]" },
    header: { left: "[schedule]", center: "[version]", right: "" },
    footer: { left: "[user]", center: "", right: "Лист [page] из [pages]" },
    lastFooter: { left: "[legend]", center: "Согласовано", right: "Лист [page] из [pages]" },
  },
  textSizePt: 9,
};

/** A chain of works over some months: A001 → A002 → … (every fifth off the chain, so not all are critical). */
export async function seed(owner: Actor, versionId: string, count: number) {
  let previous: number | null = null;
  for (let i = 1; i <= count; i++) {
    const item = await addItem(owner, versionId, {
      type: "work",
      code: `A${String(i).padStart(3, "0")}`,
      name: `Монтаж конструкций этажа ${i}`,
      duration: 3 * 480,
    });
    if (previous !== null && i % 5 !== 0)
      await link(owner, versionId, { predecessorId: previous, successorId: item.id });
    if (i % 5 !== 0) previous = item.id;
  }
  const calc = await owner.call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  expect(calc.status).toBe(200);
}

export function call(server: TestServer, actor: Actor, url: string, body: unknown) {
  return server.call("POST", url, {
    token: actor.token,
    body,
    language: "ru",
    headers: { "x-space-id": actor.spaceId },
  });
}

/** The PDF's pages as PPM images (pdftoppm) and its text page by page (pdftotext). */
export function readPdf(dir: string, bytes: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  execFileSync("pdftoppm", ["-r", "40", file, path.join(dir, name)]);
  const images = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith(".ppm"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f)));
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8").split("\f");
  return { images, text };
}

/** Pixels of a PPM (P6) near a colour. */
export function countColour(ppm: Buffer, [r, g, b]: [number, number, number]) {
  const header = ppm.toString("latin1", 0, 40).split(/\s+/);
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = ppm.length - width * height * 3;
  let found = 0;
  for (let i = start; i < ppm.length; i += 3) {
    if (Math.abs(ppm[i] - r) < 40 && Math.abs(ppm[i + 1] - g) < 40 && Math.abs(ppm[i + 2] - b) < 40) found++;
  }
  return found;
}
