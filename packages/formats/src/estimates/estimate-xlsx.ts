import { FormatError } from "../model/format-error.js";
import { type Cell, cellText, type Table } from "../tabular/tabular-model.js";
import { parseAmount } from "./estimate-amount.js";
import type { EstimateModel, EstimatePositionModel, EstimateSectionModel } from "./estimate-model.js";

/** The columns an estimate table may carry; `name` is required, the rest default to empty or 0. */
export const ESTIMATE_COLUMNS = [
  "section",
  "num",
  "normCode",
  "name",
  "unit",
  "quantity",
  "unitPrice",
  "wages",
  "machines",
  "materials",
  "overhead",
  "profit",
  "total",
  "labourHours",
] as const;
export type EstimateColumn = (typeof ESTIMATE_COLUMNS)[number];
/** Column of the table (0-based) each field is read from. */
export type EstimateColumnMapping = Partial<Record<EstimateColumn, number>>;

/** Header texts matched (case and spaces ignored) when no mapping is given: ru, en, fr. */
export const ESTIMATE_HEADERS: Record<EstimateColumn, string[]> = {
  section: ["Раздел", "Section", "Lot"],
  num: ["№", "№ п/п", "No", "N°", "Number", "Numéro"],
  normCode: ["Обоснование", "Шифр", "Код нормы", "Norm code", "Code", "Code de prix"],
  name: ["Наименование", "Name", "Description", "Désignation"],
  unit: ["Ед. изм.", "Единица", "Unit", "Unité", "U"],
  quantity: ["Количество", "Кол-во", "Quantity", "Quantité"],
  unitPrice: ["Цена за единицу", "Цена", "Unit price", "Prix unitaire"],
  wages: ["ОЗП", "Оплата труда", "Wages", "Main-d'œuvre", "Salaires"],
  machines: ["ЭМ", "Эксплуатация машин", "Machines", "Matériel"],
  materials: ["МР", "Материалы", "Materials", "Matériaux", "Fournitures"],
  overhead: ["НР", "Накладные расходы", "Overheads", "Overhead", "Frais généraux"],
  profit: ["СП", "Сметная прибыль", "Profit", "Bénéfice"],
  total: ["Всего", "Стоимость", "Total", "Montant"],
  labourHours: ["Трудозатраты", "Labour hours", "Heures"],
};

/** Rows whose name starts with one of these state the estimate's totals. */
const TOTAL_ROW = /^(итого по смете|всего по смете|итого|total général|grand total|total)(?!\p{L})/iu;

const norm = (s: string) => s.toLowerCase().replace(/[\s.]/g, "");

/** The mapping found from the header row: a given mapping wins, otherwise the first header that matches a field. */
export function resolveEstimateMapping(header: string[], given?: EstimateColumnMapping): EstimateColumnMapping {
  if (given && Object.keys(given).length > 0) return given;
  const found: EstimateColumnMapping = {};
  header.forEach((text, index) => {
    const key = norm(text);
    if (!key) return;
    for (const field of ESTIMATE_COLUMNS)
      if (found[field] === undefined && ESTIMATE_HEADERS[field].some((h) => norm(h) === key)) {
        found[field] = index;
        return;
      }
  });
  return found;
}

/**
 * An estimate from a table (an XLSX worksheet or CSV) with a column mapping: after `skipRows` title rows the header
 * row, then one row per position. A row with a name and nothing else opens a section (so does a new value in the
 * `section` column); a row named "Итого…"/"Total…" states the estimate's totals. A position's total, when the
 * table has no total column, is the sum of its money parts, or its quantity × unit price.
 */
export function readEstimateTable(
  table: Table,
  options: { skipRows?: number; mapping?: EstimateColumnMapping; name?: string } = {},
): EstimateModel {
  const skip = options.skipRows ?? 0;
  const header = (table.rows[skip] ?? []).map(cellText);
  const map = resolveEstimateMapping(header, options.mapping);
  if (map.name === undefined)
    throw new FormatError("InvalidMapping", "The table has no column of position names", undefined, {
      line: skip + 1,
      record: table.sheet,
      reason: "name",
    });
  const sections: EstimateSectionModel[] = [];
  const stated: EstimateModel["stated"] = {};
  let section = null as EstimateSectionModel | null;
  const at = (cells: Cell[], field: keyof EstimateColumnMapping) =>
    map[field] === undefined ? "" : (cells[map[field]] ?? "");
  for (let r = skip + 1; r < table.rows.length; r++) {
    const cells = table.rows[r] ?? [];
    const line = r + 1;
    const name = cellText(at(cells, "name"));
    if (!name) continue;
    const amount = (field: EstimateColumn) => parseAmount(at(cells, field), { line, record: name, field });
    const sectionText = cellText(at(cells, "section"));
    const hasFigures = (["quantity", "unitPrice", "wages", "machines", "materials", "total"] as const).some(
      (f) => cellText(at(cells, f)) !== "",
    );
    if (TOTAL_ROW.test(name) && hasFigures) {
      for (const part of ["wages", "machines", "materials", "overhead", "profit", "total", "labourHours"] as const)
        if (cellText(at(cells, part)) !== "") stated[part] = amount(part);
      continue;
    }
    if (!hasFigures && !cellText(at(cells, "normCode"))) {
      section = { code: sectionText, name, positions: [] };
      sections.push(section);
      continue;
    }
    if (sectionText && section?.code !== sectionText) {
      section = { code: sectionText, name: sectionText, positions: [] };
      sections.push(section);
    }
    if (!section) {
      section = { code: "", name: options.name ?? table.sheet, positions: [] };
      sections.push(section);
    }
    const quantity = amount("quantity");
    const unitPrice = amount("unitPrice");
    const position: EstimatePositionModel = {
      line,
      num: cellText(at(cells, "num")),
      normCode: cellText(at(cells, "normCode")),
      name,
      unit: cellText(at(cells, "unit")),
      quantity,
      unitPrice,
      wages: amount("wages"),
      machines: amount("machines"),
      materials: amount("materials"),
      overhead: amount("overhead"),
      profit: amount("profit"),
      labourHours: amount("labourHours"),
      total: 0,
    };
    const parts = position.wages + position.machines + position.materials + position.overhead + position.profit;
    position.total =
      map.total !== undefined && cellText(at(cells, "total")) !== ""
        ? amount("total")
        : Math.round((parts !== 0 ? parts : quantity * unitPrice) * 100) / 100;
    // A table with only a total (no parts) carries it as materials so the money is not lost when priced.
    if (parts === 0 && position.total !== 0) position.materials = position.total;
    section.positions.push(position);
  }
  if (sections.every((s) => s.positions.length === 0))
    throw new FormatError("MalformedFile", "The table has no positions", undefined, {
      line: skip + 2,
      record: table.sheet,
      reason: "no positions",
    });
  return { format: "xlsx", code: "", name: options.name ?? table.sheet, sections, stated };
}
