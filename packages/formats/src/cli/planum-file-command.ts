import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import Papa from "papaparse";
import { FormatError } from "../model/format-error.js";
import type { FormatId } from "../model/schedule-model.js";
import { compareWithFile, recalculate } from "../network/recalculate.js";
import { scheduleRows } from "../network/schedule-compare.js";
import { formatQualityText } from "../quality/dcma-check.js";
import { assessSchedule } from "../quality/quality-run.js";
import { formatFromFileName, readScheduleWithReport, type WritableFormat, writeSchedule } from "../schedule-io.js";
import type { ColumnMapping } from "../tabular/tabular-model.js";

export interface CommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const HELP = `Usage: planum <command> [options]

  schedule <file> [--format json|csv] [--compare]
      Read a schedule, recalculate it with the file's own options and print, per activity, early/late
      start and finish (YYYY-MM-DDTHH:mm), total and free float (hours) and criticality.
      --compare also prints where our dates differ from the dates stored in the file.
  convert <in> <out> [--to xer|pmxml|mspdi|csv|xlsx|json|zip]
      Convert between formats; the output format comes from the extension (.xer, .xml = P6 XML,
      .csv, .xlsx, .json, .zip) or --to (use --to mspdi for MS Project XML).
  check <file> [--format text|json]
      Schedule-quality report in the manner of the DCMA 14-point assessment.

Common options:
  --from <format>       input format when the content is ambiguous (xer, pmxml, mspdi, mpx, csv, xlsx, json, zip)
  --skip-rows <n>       CSV/XLSX: rows before the header row
  --mapping <json>      CSV/XLSX: column mapping, e.g. '{"id":"Code","name":"Title","duration":"Days"}'
  --duration-unit <u>   CSV/XLSX: minutes | hours | days for bare numbers (default hours)
  --help                this text

Exit codes: 0 success, 1 the file cannot be read or written, 2 wrong usage.`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set(["format", "to", "from", "skip-rows", "mapping", "duration-unit", "sheet"]);

function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      const [name, inline] = a.slice(2).split("=", 2);
      if (VALUE_FLAGS.has(name)) {
        const v = inline ?? argv[++i];
        if (v === undefined) throw new UsageError(`--${name} needs a value`);
        flags.set(name, v);
      } else flags.set(name, true);
    } else positional.push(a);
  }
  return { positional, flags };
}

class UsageError extends Error {}

function str(p: Parsed, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === "string" ? v : undefined;
}

async function load(p: Parsed, file: string, io: CommandIo) {
  const bytes = new Uint8Array(await readFile(file));
  let mapping: ColumnMapping | undefined;
  const m = str(p, "mapping");
  if (m) {
    try {
      mapping = JSON.parse(m) as ColumnMapping;
    } catch {
      throw new UsageError("--mapping must be a JSON object");
    }
  }
  const skip = str(p, "skip-rows");
  if (skip !== undefined && !/^\d+$/.test(skip)) throw new UsageError("--skip-rows must be a whole number");
  const unit = str(p, "duration-unit") as "minutes" | "hours" | "days" | undefined;
  const { model, report } = await readScheduleWithReport(bytes, {
    fileName: path.basename(file),
    ...(str(p, "from") ? { format: str(p, "from") as FormatId } : {}),
    ...(mapping ? { mapping } : {}),
    ...(skip !== undefined ? { skipRows: Number(skip) } : {}),
    ...(unit ? { durationUnit: unit } : {}),
    ...(str(p, "sheet") ? { sheet: str(p, "sheet") } : {}),
  });
  // What the reader ignored, replaced or dropped, with its place: the file is still read.
  for (const w of report.warnings) {
    const at = w.place
      ? Object.entries(w.place)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")
      : "";
    io.stderr(`warning: ${w.message}${at ? ` (${at})` : ""}\n`);
  }
  return model;
}

function csv(rows: object[]): string {
  return `${Papa.unparse(rows as Record<string, unknown>[], { newline: "\n" })}\n`;
}

/**
 * The `planum` file commands (schedule, convert, check), usable from the server's bin or on their own.
 * Returns the exit code; never throws for bad input.
 */
export async function runPlanumFileCommand(argv: string[], io: CommandIo): Promise<number> {
  let p: Parsed;
  try {
    p = parseArgs(argv);
  } catch (e) {
    io.stderr(`${(e as Error).message}\n`);
    return 2;
  }
  const [command, ...args] = p.positional;
  if (p.flags.has("help") || command === "help" || command === undefined) {
    io.stdout(`${HELP}\n`);
    return command === undefined && !p.flags.has("help") ? 2 : 0;
  }
  try {
    switch (command) {
      case "schedule": {
        if (args.length !== 1) throw new UsageError("usage: planum schedule <file> [--format json|csv] [--compare]");
        const fmt = str(p, "format") ?? "json";
        if (fmt !== "json" && fmt !== "csv") throw new UsageError("--format must be json or csv");
        const model = await load(p, args[0], io);
        const calc = recalculate(model);
        for (const c of calc.projects) {
          for (const cycle of c.cycles) io.stderr(`warning: relations form a loop: ${cycle.join(" → ")}\n`);
        }
        const rows = scheduleRows(calc.model);
        const comparison = p.flags.has("compare") ? compareWithFile(model, calc) : undefined;
        if (fmt === "json") {
          io.stdout(`${JSON.stringify(comparison ? { activities: rows, compare: comparison } : rows, null, 2)}\n`);
        } else {
          io.stdout(csv(rows));
          if (comparison) {
            io.stdout(
              `\n${csv(comparison.differences.length ? comparison.differences : [{ project: "", id: "", name: "", field: "", file: "", computed: "" }])}`,
            );
            io.stderr(
              `compared ${comparison.compared} activities, ${comparison.equal} equal (${comparison.equalPercent}%)\n`,
            );
          }
        }
        return 0;
      }
      case "convert": {
        if (args.length !== 2) throw new UsageError("usage: planum convert <in> <out> [--to format]");
        const to = (str(p, "to") ?? formatFromFileName(args[1])) as WritableFormat | undefined;
        const allowed = ["xer", "pmxml", "mspdi", "csv", "xlsx", "json", "zip"];
        if (!to || !allowed.includes(to))
          throw new UsageError(`cannot tell the output format of "${args[1]}": use --to ${allowed.join("|")}`);
        const model = await load(p, args[0], io);
        const bytes = await writeSchedule(model, to);
        // Write beside the target and rename, so a failure never leaves a half-written file.
        const tmp = `${args[1]}.${process.pid}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, args[1]);
        io.stderr(
          `${args[0]} → ${args[1]} (${to}): ${model.projects.length} project(s), ${model.activities.length} activities, ${model.relations.length} relations\n`,
        );
        return 0;
      }
      case "check": {
        if (args.length !== 1) throw new UsageError("usage: planum check <file> [--format text|json]");
        const fmt = str(p, "format") ?? "text";
        if (fmt !== "json" && fmt !== "text") throw new UsageError("--format must be text or json");
        const model = await load(p, args[0], io);
        const { reports } = assessSchedule(model);
        io.stdout(fmt === "json" ? `${JSON.stringify(reports, null, 2)}\n` : formatQualityText(reports));
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}" (schedule, convert, check; --help for usage)`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message}\n`);
      return 2;
    }
    if (e instanceof FormatError) {
      io.stderr(`error: ${e.message} [${e.code}]\n`);
      return 1;
    }
    const err = e as NodeJS.ErrnoException;
    if (err?.code === "ENOENT" || err?.code === "EACCES" || err?.code === "EISDIR") {
      io.stderr(`error: ${err.message}\n`);
      return 1;
    }
    io.stderr(`error: ${(e as Error)?.message ?? String(e)}\n`);
    return 1;
  }
}
