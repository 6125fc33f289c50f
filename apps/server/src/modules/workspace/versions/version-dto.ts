import type { Version } from "@planum/contracts";
import type { VersionRow } from "../../../platform/access.js";
import { instantText, wallClockText } from "../../../platform/time.js";

export function toVersionDto(row: VersionRow): Version {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    kind: row.kind,
    label: row.label,
    locked: row.locked,
    dataDate: wallClockText(row.dataDate),
    projectStart: wallClockText(row.projectStart)!,
    calcStatus: row.calcStatus,
    calcError: row.calcError,
    calculatedAt: instantText(row.calculatedAt),
    finish: wallClockText(row.finish),
    revision: row.revision,
    createdAt: instantText(row.createdAt),
    detailsStatus: row.detailsStatus,
    detailsError: row.detailsError,
  };
}
