/** Where in a file a problem was found: a table row (XER, CSV, XLSX, MPX) or an XML element and line. */
export type FormatErrorLocation =
  | { table: string; row: number; field?: string }
  | { element: string; line: number }
  | { entry: string };

export type FormatErrorCode =
  | "MalformedFile"
  | "UnsupportedFormat"
  | "UnknownTable"
  | "BadEncoding"
  | "InvalidValue"
  | "MissingReference"
  | "EmptyFile"
  | "InvalidMapping";

/**
 * The one error every reader and writer throws. Readers throw before returning anything, so a
 * caller never receives a half-read schedule.
 */
export class FormatError extends Error {
  readonly code: FormatErrorCode;
  readonly location?: FormatErrorLocation;
  readonly params: Record<string, string | number>;

  constructor(
    code: FormatErrorCode,
    message: string,
    location?: FormatErrorLocation,
    params: Record<string, string | number> = {},
  ) {
    super(location ? `${message} (${describeLocation(location)})` : message);
    this.name = "FormatError";
    this.code = code;
    this.location = location;
    this.params = params;
  }
}

export function describeLocation(loc: FormatErrorLocation): string {
  if ("table" in loc) return `table ${loc.table}, row ${loc.row}${loc.field ? `, field ${loc.field}` : ""}`;
  if ("element" in loc) return `element <${loc.element}>, line ${loc.line}`;
  return `entry ${loc.entry}`;
}
