import { FormatError } from "../model/format-error.js";
import { decodeText } from "./text-encoding.js";
import { parseXmlTree, type XmlNode } from "./xml-parse.js";

export type { XmlNode };

/**
 * Decode and parse a schedule XML file. The parser checks well-formedness as it builds, so a broken file is
 * refused with the element and line of the damage and never yields a partial tree. Values stay strings:
 * activity IDs such as "0010" must not turn into 10.
 */
export function parseXml(bytes: Uint8Array, what: string, arrays: Set<string>): { root: XmlNode; text: string } {
  if (bytes.length === 0) throw new FormatError("EmptyFile", `The ${what} file is empty`);
  const { text } = decodeText(bytes, what);
  try {
    return { root: parseXmlTree(text, arrays), text };
  } catch (e) {
    if (e instanceof FormatError) {
      throw new FormatError(
        e.code,
        `The ${what} file is not well-formed XML: ${e.message.replace(/ \(element .*\)$/, "")}`,
        e.location,
        e.params,
      );
    }
    throw e;
  }
}

/** Text content of an element, "" for nil or empty elements. */
export function text(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "object") {
    const t = (v as XmlNode)["#text"];
    return t === undefined ? "" : String(t);
  }
  return "";
}

export function arr(v: unknown): XmlNode[] {
  if (v === undefined || v === null || v === "") return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is XmlNode => typeof x === "object" && x !== null);
}

export function child(v: unknown, name: string): XmlNode | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const c = (v as XmlNode)[name];
  if (Array.isArray(c)) return c[0] as XmlNode;
  return typeof c === "object" && c !== null ? (c as XmlNode) : undefined;
}

/** 1-based line of the first occurrence of `needle`, for locating a bad value in an error message. */
export function lineOf(source: string, needle: string): number {
  const i = source.indexOf(needle);
  if (i < 0) return 0;
  let line = 1;
  for (let p = source.indexOf("\n"); p >= 0 && p < i; p = source.indexOf("\n", p + 1)) line++;
  return line;
}

/**
 * Line of `<field>` inside the element that holds `<ObjectId>id</ObjectId>` (P6 XML lists fields
 * alphabetically, so the bad field may come before or after the id).
 */
export function lineOfField(source: string, element: string, id: string, field: string): number {
  const at = id ? source.indexOf(`<ObjectId>${id}</ObjectId>`) : -1;
  if (at < 0) return lineOf(source, `<${field}>`);
  const open = Math.max(source.lastIndexOf(`<${element}>`, at), source.lastIndexOf(`<${element} `, at));
  const f = source.indexOf(`<${field}`, Math.max(open, 0));
  return lineAt(source, f >= 0 ? f : at);
}

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let p = source.indexOf("\n"); p >= 0 && p < index; p = source.indexOf("\n", p + 1)) line++;
  return line;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Tiny streaming XML writer: element order matters to P6 and MS Project, so we write it by hand. */
export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'];
  private depth = 0;
  open(name: string, attrs = ""): this {
    this.parts.push(`${"  ".repeat(this.depth)}<${name}${attrs ? ` ${attrs}` : ""}>\n`);
    this.depth++;
    return this;
  }
  close(name: string): this {
    this.depth--;
    this.parts.push(`${"  ".repeat(this.depth)}</${name}>\n`);
    return this;
  }
  /** Writes <name>value</name>, skipping undefined values. */
  el(name: string, value: string | number | boolean | undefined): this {
    if (value === undefined) return this;
    const v = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
    this.parts.push(`${"  ".repeat(this.depth)}<${name}>${escapeXml(v)}</${name}>\n`);
    return this;
  }
  toBytes(): Uint8Array {
    return new TextEncoder().encode(this.parts.join(""));
  }
}
