#!/usr/bin/env node
// `npm run fidelity [-- <file or folder>… ] [--diffs N] [--json] [--no-build]`
//
// Reads every P6 / MS Project export (XER, P6 XML, MS Project XML, MPX) in the folders it is given, in the
// folders of PLANUM_FIDELITY_DIR (separated like PATH) and in packages/formats/fidelity (the committed files),
// recalculates each with the engine, and prints per file the share of open activities whose early/late start and
// finish (to the minute) and total float (to the hour) equal the dates the file stores, with the first
// differences explained. Exit code 1 only when the harness or a reader crashes; mismatches and files a reader
// refuses are reported, not failures.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  args.splice(i, 1);
  return true;
};
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const asJson = flag("--json");
const noBuild = flag("--no-build");
const maxDiffs = Number(option("--diffs", "5"));

if (!noBuild) {
  const build = spawnSync("npm", ["run", "build", "-w", "packages/engine", "-w", "packages/formats"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const formats = await import(pathToFileURL(path.join(root, "packages/formats/dist/index.js")).href);
const { FormatError, detectFormat, readScheduleWithReport, measureFidelity } = formats;

const SCHEDULE_EXTENSIONS = new Set([".xer", ".xml", ".mpx"]);
const roots = [
  ...args,
  ...(process.env.PLANUM_FIDELITY_DIR ?? "").split(path.delimiter).filter((p) => p !== ""),
  path.join(root, "packages/formats/fidelity"),
];

function listFiles(p) {
  if (!fs.existsSync(p)) return [];
  const stat = fs.statSync(p);
  if (stat.isFile()) return [p];
  return fs
    .readdirSync(p, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const full = path.join(p, e.name);
      if (e.isDirectory()) return listFiles(full);
      return SCHEDULE_EXTENSIONS.has(path.extname(e.name).toLowerCase()) ? [full] : [];
    });
}

const seen = new Set();
const files = [];
for (const r of roots) {
  for (const f of listFiles(path.resolve(r))) {
    const real = fs.realpathSync(f);
    if (!seen.has(real)) {
      seen.add(real);
      files.push({ file: f, base: path.resolve(r) });
    }
  }
}

const rows = [];
let crashed = false;
const contents = new Set();
for (const { file, base } of files) {
  const name = fs.statSync(base).isFile() ? path.basename(file) : path.relative(base, file) || path.basename(file);
  const bytes = new Uint8Array(fs.readFileSync(file));
  // The same export in two folders (a local copy of a committed file) is measured once.
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (contents.has(digest)) continue;
  contents.add(digest);
  let format;
  try {
    format = detectFormat(bytes, file);
  } catch {
    continue; // not a schedule file (an XML of something else)
  }
  if (!["xer", "pmxml", "mspdi", "mpx"].includes(format)) continue;
  const started = performance.now();
  try {
    const { model, report } = await readScheduleWithReport(bytes, { fileName: file });
    const fidelity = measureFidelity(model);
    const { recalculation: _unused, ...result } = fidelity;
    rows.push({
      file: name,
      format,
      producer: [model.source?.producer, model.source?.version].filter(Boolean).join(" "),
      warnings: report.warnings.length,
      warningCodes: [...new Set(report.warnings.map((w) => w.code))],
      ms: Math.round(performance.now() - started),
      ...result,
    });
  } catch (error) {
    if (error instanceof FormatError) {
      rows.push({ file: name, format, refused: error.message });
    } else {
      crashed = true;
      rows.push({
        file: name,
        format,
        crashed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
}

if (asJson) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  printTable(rows);
}
process.exit(crashed ? 1 : 0);

function pct(v, of = 1) {
  if (of === 0) return "—";
  return v === undefined ? "" : v === 100 ? "100" : v.toFixed(1);
}

function printTable(list) {
  const header = ["file", "format", "acts", "open", "cmp", "ES%", "EF%", "LS%", "LF%", "TF%", "exact%", "warn"];
  const lines = list.map((r) => {
    if (r.refused) return [r.file, r.format, "REFUSED", r.refused];
    if (r.crashed) return [r.file, r.format, "CRASH", r.crashed.split("\n")[0]];
    const f = r.fields;
    if (r.notComputed)
      return [
        r.file,
        r.format,
        "EXCLUDED",
        `${r.compared} compared, ${pct(r.exactPercent, r.compared)} % exact; not the tool's calculation on its calendars (see below)`,
      ];
    return [
      r.file,
      r.format,
      r.activities,
      r.open,
      r.compared,
      pct(f.earlyStart.percent, f.earlyStart.of),
      pct(f.earlyFinish.percent, f.earlyFinish.of),
      pct(f.lateStart.percent, f.lateStart.of),
      pct(f.lateFinish.percent, f.lateFinish.of),
      pct(f.totalFloat.percent, f.totalFloat.of),
      pct(r.exactPercent, r.compared),
      r.warnings,
    ].map(String);
  });
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.filter((l) => l.length === header.length).map((l) => l[i].length)),
  );
  const fmt = (cells) =>
    cells.length === header.length
      ? cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")
      : `${cells[0].padEnd(widths[0])}  ${cells[1].padEnd(widths[1])}  ${cells.slice(2).join(": ")}`;
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
  let compared = 0;
  let exact = 0;
  let excluded = 0;
  for (const r of list) {
    if (r.compared === undefined) continue;
    if (r.notComputed) {
      excluded++;
      continue;
    }
    compared += r.compared;
    exact += r.exact;
  }
  console.log(
    `\n${list.length} files (${excluded} excluded), ${compared} open activities compared, ${exact} exact (${pct(compared === 0 ? 100 : Math.floor((exact / compared) * 10000) / 100)} %)`,
  );
  for (const r of list) {
    if (r.notComputed) console.log(`\n${r.file}: excluded from the total: ${r.notComputed}`);
    if (!r.differences || r.differences.length === 0) {
      if (r.crashed) console.log(`\n${r.file}: crashed\n${r.crashed}`);
      continue;
    }
    const who = r.rules === "p6" ? "P6" : "MSP";
    console.log(
      `\n${r.file} (${r.producer || r.format}; ${r.differences.length} differences${r.warningCodes.length ? `; warnings: ${r.warningCodes.join(", ")}` : ""}):`,
    );
    for (const d of r.differences.slice(0, maxDiffs)) {
      console.log(
        `  ${d.project}/${d.activity} ${d.field}: ours ${d.ours ?? "—"}, ${who} ${d.theirs} (${d.note})  ${d.name.slice(0, 40)}`,
      );
    }
  }
}
