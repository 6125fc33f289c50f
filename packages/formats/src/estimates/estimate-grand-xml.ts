import { FormatError } from "../model/format-error.js";
import { arr, child, lineOf, parseXml, type XmlNode } from "../util/xml-tools.js";
import { parseAmount } from "./estimate-amount.js";
import { lineWalker } from "./estimate-lines.js";
import type { EstimateModel, EstimatePositionModel, EstimateSectionModel } from "./estimate-model.js";

const ARRAYS = new Set(["Chapter", "Position"]);
const attr = (node: XmlNode | undefined, name: string) => String(node?.[`@_${name}`] ?? "").trim();

/** Whether the bytes look like a GRAND-Smeta XML export (a `Document` with `Chapters`). */
export function isGrandXml(head: string): boolean {
  return /<Document\b[^>]*Generator="GrandSmeta/i.test(head) || (/<Document\b/.test(head) && /<Chapters\b/.test(head));
}

/**
 * A GRAND-Smeta XML export (packages/formats/test/fixtures/estimates/SOURCES.md says what the structure rests on):
 * `Document` → `Properties` (LocNum, Description) → `Chapters` → `Chapter` (Caption) → `Position` (Number, Code,
 * Caption, Units) with `Quantity/@Result`, per-unit `PriceBase` (Value, OZ wages, EM machines, ZM machinists'
 * wages, MT materials) and the position's `Itog` (OZ, EM, MT, NR overheads, SP profit, TZ labour hours, Total); the
 * document's own `Itog` states the estimate's totals. A position without an `Itog` is its unit prices × quantity.
 */
export function readGrandXml(bytes: Uint8Array): EstimateModel {
  const { root, text } = parseXml(bytes, "GRAND-Smeta XML", ARRAYS);
  const doc = child(root, "Document");
  const chapters = child(doc, "Chapters");
  if (!doc || !chapters)
    throw new FormatError("UnsupportedFormat", "Not a GRAND-Smeta XML estimate (no Document/Chapters)", undefined, {
      line: 1,
      record: "Document",
      reason: "Chapters",
    });
  const props = child(doc, "Properties");
  const nextLine = lineWalker(text, /<Position[\s>/]/g);
  const sections: EstimateSectionModel[] = arr(chapters.Chapter).map((chapter, c) => ({
    code: String(c + 1),
    name: attr(chapter, "Caption") || String(c + 1),
    positions: arr(chapter.Position).map((p) => readPosition(p, nextLine())),
  }));
  if (sections.every((s) => s.positions.length === 0))
    throw new FormatError("MalformedFile", "The estimate has no positions", undefined, {
      line: lineOf(text, "<Chapters"),
      record: "Chapters",
      reason: "no Position",
    });
  const itog = child(doc, "Itog");
  const stated: EstimateModel["stated"] = {};
  if (itog) {
    const where = (field: string) => ({ line: lineOf(text, "<Itog"), record: "Document/Itog", field });
    for (const [part, name] of STATED)
      if (attr(itog, name) !== "") stated[part] = parseAmount(attr(itog, name), where(name));
  }
  return {
    format: "grand_xml",
    code: attr(props, "LocNum"),
    name: attr(props, "Description") || attr(props, "LocNum") || "GRAND-Smeta",
    sections,
    stated,
  };
}

const STATED = [
  ["wages", "OZ"],
  ["machines", "EM"],
  ["materials", "MT"],
  ["overhead", "NR"],
  ["profit", "SP"],
  ["labourHours", "TZ"],
  ["total", "Total"],
] as const;

function readPosition(p: XmlNode, line: number): EstimatePositionModel {
  const num = attr(p, "Number");
  const record = `Position ${num || "?"}`;
  const name = attr(p, "Caption");
  if (!name)
    throw new FormatError(
      "MalformedFile",
      `Line ${line}, ${record}: no Caption`,
      { element: "Position", line },
      {
        line,
        record,
        reason: "Caption",
      },
    );
  const amount = (node: XmlNode | undefined, field: string) => parseAmount(attr(node, field), { line, record, field });
  const quantity = amount(child(p, "Quantity"), "Result");
  const price = child(p, "PriceBase");
  const itog = child(p, "Itog");
  const money = itog
    ? {
        wages: amount(itog, "OZ"),
        machines: amount(itog, "EM"),
        materials: amount(itog, "MT"),
        overhead: amount(itog, "NR"),
        profit: amount(itog, "SP"),
        labourHours: amount(itog, "TZ"),
        total: amount(itog, "Total"),
      }
    : {
        wages: round(amount(price, "OZ") * quantity),
        machines: round(amount(price, "EM") * quantity),
        materials: round(amount(price, "MT") * quantity),
        overhead: 0,
        profit: 0,
        labourHours: 0,
        total: round(amount(price, "Value") * quantity),
      };
  return {
    line,
    num,
    normCode: attr(p, "Code"),
    name,
    unit: attr(p, "Units"),
    quantity,
    unitPrice: amount(price, "Value"),
    ...money,
  };
}

const round = (x: number) => Math.round(x * 100) / 100;
