import {
  DEFAULT_PRINT_FORMAT,
  EVENTS_PROTOCOL_VERSION,
  PAPER_MM,
  type PrintFormatFields,
  type PrintPreset,
  type PrintSettings,
  printFormatFields,
} from "@planum/contracts";
import type { printPresets, printSettings } from "../../db/schema/index.js";
import { type Grant, loadVersion, type VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import { isUniqueViolation } from "../../platform/sql.js";
import { printRepo as repo } from "./print.repo.js";

type PresetRow = typeof printPresets.$inferSelect;
type SettingsRow = typeof printSettings.$inferSelect;

/** A named paper is stored with its ISO size, so whoever reads the format needs no table of papers. */
export function normalizedFormat(format: PrintFormatFields): PrintFormatFields {
  return format.paper === "custom" ? format : { ...format, ...PAPER_MM[format.paper] };
}

/** Only the format's own fields go into the row, whatever else the body carried. */
const formatOf = (body: PrintFormatFields): PrintFormatFields =>
  normalizedFormat({
    paper: body.paper,
    orientation: body.orientation,
    widthMm: body.widthMm,
    heightMm: body.heightMm,
    margins: body.margins,
    bands: body.bands,
    textSizePt: body.textSizePt,
  });

const presetDto = (row: PresetRow): PrintPreset => ({
  id: row.id,
  name: row.name,
  ...row.format,
  createdAt: row.createdAt.toISOString(),
});

function settingsDto(scope: VersionScope, row: SettingsRow | undefined): PrintSettings {
  return {
    versionId: scope.version.id,
    scheduleId: scope.scheduleId,
    presetId: row?.presetId ?? null,
    format: row?.format ?? DEFAULT_PRINT_FORMAT,
    pagesWide: row?.pagesWide ?? null,
    repeatHeader: row?.repeatHeader ?? true,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

interface SettingsBody {
  versionId: string;
  presetId: string | null;
  format: PrintFormatFields;
  pagesWide: number | null;
  repeatHeader: boolean;
}

/**
 * Print formats: the space's presets (named, unique by name regardless of case) and each user's settings for
 * printing a schedule. A user who never saved settings gets the default format (A3 landscape).
 */
export class PrintService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  async presets(grant: Grant) {
    return (await repo.presets(this.deps.db, grant)).map(presetDto);
  }

  async createPreset(grant: Grant, body: PrintFormatFields & { name: string }) {
    let row: PresetRow;
    try {
      row = await repo.insertPreset(this.deps.db, {
        spaceId: grant.space.id,
        name: body.name,
        format: formatOf(body),
        createdBy: grant.userId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("PrintFormatNameTaken", { field: "name" });
      throw error;
    }
    this.presetsChanged(grant);
    return presetDto(row);
  }

  async deletePreset(grant: Grant, id: string) {
    if (!(await repo.deletePreset(this.deps.db, grant, id))) throw new AppError("NotFound");
    this.presetsChanged(grant);
    return { id };
  }

  async settings(scope: VersionScope) {
    return settingsDto(scope, await repo.settings(this.deps.db, scope.grant, scope.scheduleId));
  }

  /** create: the caller's settings for the version's schedule are written, whether or not some existed. */
  async saveSettings(grant: Grant, body: SettingsBody) {
    const scope = await loadVersion(this.deps.db, grant, body.versionId);
    return settingsDto(scope, await this.write(scope, body));
  }

  /** update: changes settings saved before (404 when the caller has none for the schedule). */
  async updateSettings(grant: Grant, body: SettingsBody) {
    const scope = await loadVersion(this.deps.db, grant, body.versionId);
    const row = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.settings(tx, grant, scope.scheduleId))) throw new AppError("NotFound");
      return this.write(scope, body, tx);
    });
    return settingsDto(scope, row);
  }

  private write(scope: VersionScope, body: SettingsBody, db: Parameters<typeof repo.upsertSettings>[0] = this.deps.db) {
    // The body's format was checked by the route's schema; parsing again keeps a stored format valid by construction.
    const format = formatOf(printFormatFields.parse(body.format));
    return repo.upsertSettings(db, {
      spaceId: scope.grant.space.id,
      scheduleId: scope.scheduleId,
      userId: scope.grant.userId,
      presetId: body.presetId,
      format,
      pagesWide: body.pagesWide,
      repeatHeader: body.repeatHeader,
      updatedAt: new Date(),
    });
  }

  private presetsChanged(grant: Grant) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "print_presets_updated",
      spaceId: grant.space.id,
      byUserId: grant.userId,
    });
  }
}
