import { FormatError } from "../model/format-error.js";
import { arr, child, lineOf, parseXml, text, type XmlNode } from "../util/xml-tools.js";
import { parseAmount } from "./estimate-amount.js";
import { lineWalker } from "./estimate-lines.js";
import type { EstimateModel, EstimateMoney, EstimatePositionModel, EstimateSectionModel } from "./estimate-model.js";

const ARRAYS = new Set(["Object", "Estimate", "Section", "Item"]);
const val = (node: XmlNode | undefined, name: string) => text(node?.[name]).trim();

/**
 * Whether the bytes look like the Russian construction ministry's XML estimate (the schema family the state
 * expertise accepts, `.gge`/`.xml`): a `Construction` root with a `Meta` block naming the file's type.
 */
export function isMinstroyXml(head: string): boolean {
  return /<Construction\b/.test(head) && (/<Meta\b/.test(head) || /LocalEstimate/.test(head));
}

/**
 * Resource kinds an item may be instead of a priced norm (`Cost`), and the money part each one's price goes to
 * (equipment and other costs have no part of their own: they are carried as materials, as the total is).
 */
const RESOURCE_PARTS = [
  ["Material", "materials"],
  ["Equipment", "materials"],
  ["Other", "materials"],
  ["Machine", "machines"],
  ["Transport", "machines"],
  ["Worker", "wages"],
] as const;

/**
 * A local estimate in the ministry's schema, resource-index method version 3.01 (LocalEstimateResourceIndexMethod;
 * packages/formats/test/fixtures/estimates/SOURCES.md says what this rests on): `Construction` → `Meta/File/Type`
 * "ЛС" → `Object` → `Estimate` (Num, Name, `EstimatePrice` with the estimate's stated totals) → `Sections/Section`
 * (Code, Name) → `Items/Item`. An item is either a priced norm, `Cost` (Num, Code, Name, Unit, QuantityTotal, Totals
 * with WorkersSalary, Machines, Materials and Natural/LaborCosts, in current prices, else base prices), or one
 * resource (`Material`, `Machine`, … with ConsumptionTotal, PricePerUnitCur, PriceTotalCur); its `Overheads` and
 * `Profits` carry their money as PriceCur, and its `Totals/Current` is the item's total.
 */
export function readMinstroyXml(bytes: Uint8Array): EstimateModel {
  const { root, text: source } = parseXml(bytes, "construction ministry XML", ARRAYS);
  const construction = child(root, "Construction");
  const fileType = val(child(child(construction, "Meta"), "File"), "Type");
  if (!construction || (fileType !== "" && fileType !== "ЛС" && fileType !== "ЛСР"))
    throw new FormatError("UnsupportedFormat", "Not a local estimate in the ministry's XML schema", undefined, {
      line: lineOf(source, "<Type>"),
      record: "Meta/File/Type",
      reason: fileType,
    });
  const estimates = arr(construction.Object).flatMap((o) => arr(o.Estimate));
  const nextLine = lineWalker(source, /<Item[\s>]/g);
  const sections: EstimateSectionModel[] = estimates.flatMap((estimate) =>
    arr(child(estimate, "Sections")?.Section).map((section, s) => ({
      code: val(section, "Code") || String(s + 1),
      name: val(section, "Name") || val(section, "Code") || String(s + 1),
      positions: arr(child(section, "Items")?.Item).map((item) => readItem(item, nextLine())),
    })),
  );
  if (sections.every((s) => s.positions.length === 0))
    throw new FormatError("MalformedFile", "The estimate has no items", undefined, {
      line: lineOf(source, "<Construction"),
      record: "Construction/Object/Estimate/Sections",
      reason: "no Item",
    });
  const stated: EstimateModel["stated"] = {};
  const statedLine = lineOf(source, "<EstimatePrice");
  for (const estimate of estimates) {
    const price = child(estimate, "EstimatePrice");
    if (!price) continue;
    const add = (part: keyof EstimateMoney, node: XmlNode | undefined, field: string) => {
      const raw = val(node, field);
      if (raw === "") return;
      const value = parseAmount(raw, { line: statedLine, record: "Estimate/EstimatePrice", field });
      stated[part] = round((stated[part] ?? 0) + value);
    };
    add("total", price, "Total");
    const summary = child(price, "Summary");
    add("wages", summary, "WorkersSalary");
    add("machines", summary, "Machines");
    add("materials", summary, "Materials");
  }
  const first = estimates[0];
  return {
    format: "minstroy_xml",
    code: val(first, "Num") || val(construction, "Num"),
    name: val(first, "Name") || val(construction, "Name") || "ЛСР",
    sections,
    stated,
  };
}

function readItem(item: XmlNode, line: number): EstimatePositionModel {
  const cost = child(item, "Cost");
  const resource = cost ? undefined : RESOURCE_PARTS.find(([name]) => child(item, name));
  const body = cost ?? (resource ? child(item, resource[0]) : undefined);
  const num = val(body, "Num");
  const record = `Item ${num || "?"}`;
  const refuse = (reason: string) =>
    new FormatError(
      "MalformedFile",
      `Line ${line}, ${record}: ${reason}`,
      { element: "Item", line },
      {
        line,
        record,
        reason,
      },
    );
  if (!body) throw refuse("no Cost, Material, Machine, Equipment, Transport or Other");
  const name = val(body, "Name");
  if (!name) throw refuse("no Name");
  const amount = (node: XmlNode | undefined, field: string) => parseAmount(val(node, field), { line, record, field });
  const current = (node: XmlNode | undefined) => child(node, "Current") ?? child(node, "Base");
  const money: EstimateMoney = {
    wages: 0,
    machines: 0,
    materials: 0,
    overhead: amount(child(item, "Overheads"), "PriceCur"),
    profit: amount(child(item, "Profits"), "PriceCur"),
    total: 0,
    labourHours: 0,
  };
  let quantity: number;
  let unitPrice: number;
  if (cost) {
    const totals = child(cost, "Totals");
    const priced = current(totals);
    money.wages = amount(priced, "WorkersSalary");
    money.machines = amount(priced, "Machines");
    money.materials = amount(priced, "Materials");
    money.labourHours = amount(child(totals, "Natural"), "LaborCosts");
    quantity = val(cost, "QuantityTotal") !== "" ? amount(cost, "QuantityTotal") : amount(cost, "Quantity");
    unitPrice = amount(child(item, "TotalsUnit"), "Current");
  } else {
    const part = resource?.[1] ?? "materials";
    money[part] = amount(body, "PriceTotalCur");
    quantity = val(body, "ConsumptionTotal") !== "" ? amount(body, "ConsumptionTotal") : amount(body, "Consumption");
    unitPrice = amount(body, "PricePerUnitCur");
  }
  const stated = val(child(item, "Totals"), "Current");
  money.total =
    stated !== ""
      ? amount(child(item, "Totals"), "Current")
      : round(money.wages + money.machines + money.materials + money.overhead + money.profit);
  if (unitPrice === 0 && quantity !== 0) unitPrice = round(money.total / quantity);
  return { line, num, normCode: val(body, "Code"), name, unit: val(body, "Unit"), quantity, unitPrice, ...money };
}

const round = (x: number) => Math.round(x * 100) / 100;
