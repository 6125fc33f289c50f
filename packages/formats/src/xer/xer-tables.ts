import { FormatError } from "../model/format-error.js";
import type { ReadWarnings } from "../model/read-report.js";
import { decodeText, type TextEncodingName } from "../util/text-encoding.js";

export interface XerTable {
  name: string;
  fields: string[];
  /**
   * Rows as [start, end) offsets into `text` (after "%R\t"): split into values on demand, so a large file
   * never holds a million line strings or every value at once.
   */
  starts: number[];
  ends: number[];
  text: string;
  /** 1-based file line of each row, for error messages. */
  lines: number[];
}

export interface XerFile {
  header: string[];
  tables: Map<string, XerTable>;
  encoding: TextEncodingName;
}

/*
 * Tables of the P6 database schema that an XER export may carry. A name outside this list is not a
 * P6 table: the file is damaged or not an XER, and importing the rest would silently drop data.
 */
const KNOWN_TABLES = new Set(
  (
    "ACCOUNT ACTVCODE ACTVTYPE APPLYACTOPTIONS ASGNMNTACAT ASGNMNTCAT ASGNMNTCATTYPE ASGNMNTCATVAL BASETYPE BUDGCHNG CALENDAR COSTTYPE CURRTYPE " +
    "DOCCATG DOCSTAT DOCUMENT EXPTYPE FINDATES FINTMPL FUNDSRC ISSUHIST JOBSVC LOCATION MEMOTYPE NONWORK OBS PCATTYPE " +
    "PCATVAL PHASE POBS PROJCAT PROJCOST PROJEST PROJFUND PROJISSU PROJPCAT PROJRISK PROJTHRS PROJWBS PROJECT RCATTYPE " +
    "RCATVAL RISKTYPE RISK PRORISK ROLELIMIT RISKIMPACT RISKTHRS RISKTHRSCAT ROLECATTYPE ROLECATVAL ROLERATE ROLERCAT ROLES ROLLIMIT RSRC " +
    "RSRCCURV RSRCCURVDATA RSRCLEVELLIST RSRCRATE RSRCRCAT RSRCROLE RSRCSEC RSRCHOUR SCHEDOPTIONS SHIFT SHIFTPER " +
    "TASK TASKACTV TASKDOC TASKFDBK TASKFIN TASKMEMO TASKNOTE TASKPRED TASKPROC TASKRSRC TASKRISK TASKUSER THRSPARM " +
    "TRSRCFIN TRSRCSUM TASKSUM TASKSUMFIN SUMTASK UDFCODE UDFTYPE UDFVALUE UMEASURE USERS USROPEN WBSBUDG WBSMEMO " +
    "WBSRSRC WBSRSRC_QTY WBSSTEP ACTVCODEASSIGN VIEWPROP PROJPROP PREFER ASSIGNMENTACTVCODE ACTVTYPEASSIGN " +
    "CBSDURATION PROJSHAR RPTBATCH TMPLCAT RFOLIO RLFOLIO PRORATA RSRCFLD EXTERNAL_APP BATCHRPT"
  ).split(/\s+/),
);

export interface ParseXerOptions {
  encoding?: TextEncodingName;
  /** Accept tables outside the P6 schema (they are ignored) instead of refusing the file. */
  allowUnknownTables?: boolean;
  /** Collects what the reader ignored, replaced or dropped (see ReadReport). */
  warnings?: ReadWarnings;
}

/** Split an XER export into its tables. Throws a located FormatError on any structural damage. */
export function parseXerTables(bytes: Uint8Array, options: ParseXerOptions = {}): XerFile {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The XER file is empty");
  const { text, encoding } = decodeText(bytes, "XER", options.encoding);
  let pos = 0;
  let lineNo = 0;
  const nextLine = (): [number, number] | undefined => {
    if (pos > text.length) return undefined;
    const nl = text.indexOf("\n", pos);
    const stop = nl < 0 ? text.length : nl;
    const from = pos;
    pos = stop + 1;
    lineNo++;
    return [from, stop > from && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop];
  };
  const firstRange = nextLine()!;
  const first = text.slice(firstRange[0], firstRange[1]);
  if (!first.startsWith("ERMHDR")) {
    throw new FormatError(
      "MalformedFile",
      "An XER file must start with the ERMHDR header line written by Primavera P6",
      { table: "ERMHDR", row: 1 },
      { line: 1 },
    );
  }
  const header = first.split("\t");
  const tables = new Map<string, XerTable>();
  let current: XerTable | undefined;
  let ended = false;
  for (let range = nextLine(); range; range = nextLine()) {
    const [from, to] = range;
    if (to <= from) continue;
    if (ended) {
      throw new FormatError(
        "MalformedFile",
        "Data found after the %E end marker",
        { table: "%E", row: 0 },
        { line: lineNo },
      );
    }
    const c0 = text.charCodeAt(from);
    const c1 = text.charCodeAt(from + 1);
    if (c0 === 37 && c1 === 82) {
      // %R
      if (!current || current.fields.length === 0) {
        throw new FormatError(
          "MalformedFile",
          "A %R row appears before any %T table and %F field list",
          { table: current?.name ?? "(none)", row: 0 },
          { line: lineNo },
        );
      }
      current.starts.push(Math.min(from + 3, to));
      current.ends.push(to);
      current.lines.push(lineNo);
      continue;
    }
    const line = text.slice(from, to);
    const tag = line.slice(0, 2);
    if (tag === "%T") {
      const name = line.slice(2).trim();
      if (!KNOWN_TABLES.has(name) && !options.allowUnknownTables) {
        throw new FormatError(
          "UnknownTable",
          `Table "${name}" is not a Primavera P6 table`,
          { table: name, row: 0 },
          { line: lineNo, tableName: name },
        );
      }
      if (tables.has(name)) {
        current = tables.get(name)!;
        current.fields = [];
      } else {
        current = { name, fields: [], starts: [], ends: [], text, lines: [] };
        tables.set(name, current);
      }
    } else if (tag === "%F") {
      if (!current) {
        throw new FormatError(
          "MalformedFile",
          "A %F field list appears before any %T table",
          { table: "(none)", row: 0 },
          { line: lineNo },
        );
      }
      const fields = line.split("\t");
      fields.shift();
      current.fields = fields.map((f) => f.trim());
    } else if (tag === "%E") {
      ended = true;
    } else {
      throw new FormatError(
        "MalformedFile",
        `Unexpected line starting "${line.slice(0, 20)}": every XER line must start with %T, %F, %R or %E`,
        { table: current?.name ?? "(none)", row: current ? current.starts.length + 1 : 0 },
        { line: lineNo },
      );
    }
  }
  if (!ended) {
    throw new FormatError(
      "MalformedFile",
      "The XER file ends without the %E end marker: it is truncated",
      { table: current?.name ?? "(none)", row: current?.starts.length ?? 0 },
      { line: lineNo },
    );
  }
  return { header, tables, encoding };
}

/** Row accessor by field name, so readers work with every P6 version's field order. */
export class XerRows {
  readonly table: XerTable;
  private readonly index: Map<string, number>;

  constructor(table: XerTable | undefined, name: string) {
    this.table = table ?? { name, fields: [], starts: [], ends: [], text: "", lines: [] };
    this.index = new Map(this.table.fields.map((f, i) => [f, i]));
  }

  get length(): number {
    return this.table.starts.length;
  }

  has(field: string): boolean {
    return this.index.has(field);
  }

  /** The trimmed text of a field, "" when absent. */
  private cachedRow = -1;
  /** Start offset of each value of the cached row, and how many values it has. */
  private readonly starts = new Int32Array(1024);
  private count = 0;
  private rowEnd = 0;

  /**
   * Locate the values of a row without splitting it: only the fields a reader asks for become strings,
   * which keeps a 100k-activity file from producing millions of unused ones.
   */
  private scan(row: number): void {
    const { text } = this.table;
    const end = this.table.ends[row];
    let p = this.table.starts[row];
    let n = 0;
    this.starts[n++] = p;
    while (n <= this.table.fields.length && n < this.starts.length) {
      const tab = text.indexOf("\t", p);
      if (tab < 0 || tab >= end) break;
      p = tab + 1;
      this.starts[n++] = p;
    }
    // Value count is checked here rather than while splitting the file: one pass over each row, not two.
    if (n > this.table.fields.length) {
      throw new FormatError(
        "MalformedFile",
        `Row has ${n} values but table ${this.table.name} declares ${this.table.fields.length} fields`,
        { table: this.table.name, row: row + 1 },
        { line: this.table.lines[row] ?? 0, values: n, fields: this.table.fields.length },
      );
    }
    this.count = n;
    this.rowEnd = end;
    this.cachedRow = row;
  }

  get(row: number, field: string): string {
    const i = this.index.get(field);
    if (i === undefined) return "";
    if (row !== this.cachedRow) this.scan(row);
    if (i >= this.count) return "";
    const from = this.starts[i];
    const to = i + 1 < this.count ? this.starts[i + 1] - 1 : this.rowEnd;
    return to > from ? this.table.text.slice(from, to) : "";
  }

  /** Column of a field, -1 when the table lacks it. */
  column(field: string): number {
    return this.index.get(field) ?? -1;
  }
}
