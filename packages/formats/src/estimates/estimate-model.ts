/**
 * An estimate as read from a file, before it meets a space's measures and coefficients: sections of positions with
 * their money as the file states it (totals for the position's quantity) and the totals the file itself states.
 * Readers throw a `FormatError` naming the line and record before returning anything: an upload is all or nothing.
 */
export const ESTIMATE_FORMATS = ["xlsx", "grand_xml", "arps", "minstroy_xml"] as const;
export type EstimateFormat = (typeof ESTIMATE_FORMATS)[number];

export interface EstimateMoney {
  wages: number;
  machines: number;
  materials: number;
  overhead: number;
  profit: number;
  total: number;
  labourHours: number;
}

export interface EstimatePositionModel extends EstimateMoney {
  /** 1-based line (XML) or row (XLSX) of the position in its file, for messages. */
  line: number;
  num: string;
  normCode: string;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
}

export interface EstimateSectionModel {
  code: string;
  name: string;
  positions: EstimatePositionModel[];
}

export interface EstimateModel {
  format: EstimateFormat;
  code: string;
  name: string;
  sections: EstimateSectionModel[];
  /** What the file states as the estimate's totals (only the parts it states). */
  stated: Partial<EstimateMoney>;
}

export const MONEY_PARTS = ["wages", "machines", "materials", "overhead", "profit"] as const;

/** Sums positions' money (rounded to cents, as the files state totals). */
export function sumPositions(positions: Iterable<EstimateMoney>): EstimateMoney {
  const sum: EstimateMoney = { wages: 0, machines: 0, materials: 0, overhead: 0, profit: 0, total: 0, labourHours: 0 };
  for (const p of positions) for (const key of Object.keys(sum) as (keyof EstimateMoney)[]) sum[key] += p[key];
  for (const key of Object.keys(sum) as (keyof EstimateMoney)[]) sum[key] = Math.round(sum[key] * 100) / 100;
  return sum;
}
