import { FormatError } from "../model/format-error.js";

export type XmlNode = Record<string, unknown>;

/*
 * A small, strict XML reader for schedule files. P6 XML and MS Project XML reach tens of megabytes; a general
 * parser that validates in one pass and builds in another spent 4 MB/s on them, this one reads in a single
 * pass and checks well-formedness (tag nesting, one root, quoting, entities) as it goes, reporting the line.
 * The tree has the usual shape: an element with neither attributes nor children is its text; otherwise an
 * object with "@_name" attributes, "#text" and one key per child name (an array when repeated or listed in
 * `arrays`). Namespace prefixes are dropped (xsi:nil → "@_nil").
 */

/**
 * An XML name: any letter (XML allows non-Latin names, and the construction ministry's schema has one with Cyrillic
 * letters, "ТerritoryТype"), "_" or ":" first, then letters, digits, ".", "-", "_", ":".
 */
const XML_NAME = /^[\p{L}_:][\p{L}\p{N}\p{M}_.:-]*$/u;
/** The usual Latin names first: the Unicode test is slower, and schedule files hold millions of names. */
const ASCII_NAME = /^[A-Za-z_][\w.:-]*$/;
const isXmlName = (name: string) => ASCII_NAME.test(name) || XML_NAME.test(name);

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let p = text.indexOf("\n"); p >= 0 && p < index; p = text.indexOf("\n", p + 1)) line++;
  return line;
}

function localName(name: string): string {
  const c = name.indexOf(":");
  return c < 0 ? name : name.slice(c + 1);
}

interface Frame {
  name: string;
  node: XmlNode;
  text: string;
  hasChildren: boolean;
  hasAttributes: boolean;
}

export function parseXmlTree(text: string, arrays: Set<string>): XmlNode {
  const fail = (message: string, at: number, element: string): never => {
    const line = lineAt(text, at);
    throw new FormatError("MalformedFile", message, { element, line }, { line });
  };
  const decode = (s: string, at: number, element: string): string => {
    if (s.indexOf("&") < 0) return s;
    return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (m, ent: string | undefined) => {
      if (!ent) return fail("A bare & must be written &amp;", at, element);
      if (ent[0] === "#") {
        const code = ent[1] === "x" ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
        if (!Number.isFinite(code) || code > 0x10ffff) return fail(`Bad character reference ${m}`, at, element);
        return String.fromCodePoint(code);
      }
      const v = ENTITIES[ent];
      if (v === undefined) return fail(`Unknown entity ${m}`, at, element);
      return v;
    });
  };
  const root: XmlNode = {};
  const stack: Frame[] = [{ name: "", node: root, text: "", hasChildren: false, hasAttributes: false }];
  let rootSeen = false;
  let pos = 0;
  const n = text.length;
  const addChild = (parent: Frame, name: string, value: unknown) => {
    parent.hasChildren = true;
    const existing = parent.node[name];
    if (existing === undefined) parent.node[name] = arrays.has(name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent.node[name] = [existing, value];
  };
  const finish = (f: Frame): unknown => {
    const t = f.text.trim();
    if (!f.hasChildren && !f.hasAttributes) return t;
    if (t !== "") f.node["#text"] = t;
    return f.node;
  };
  while (pos < n) {
    const lt = text.indexOf("<", pos);
    const top = stack[stack.length - 1];
    const chunk = lt < 0 ? text.slice(pos) : text.slice(pos, lt);
    if (chunk.length > 0) {
      if (stack.length === 1) {
        if (chunk.trim() !== "") fail("Text outside the root element", pos, "(document)");
      } else {
        top.text += decode(chunk, pos, top.name);
      }
    }
    if (lt < 0) break;
    const c = text.charCodeAt(lt + 1);
    if (c === 63) {
      // <? … ?>
      const end = text.indexOf("?>", lt + 2);
      if (end < 0) fail("Unterminated processing instruction", lt, "?xml");
      pos = end + 2;
    } else if (c === 33) {
      if (text.startsWith("<!--", lt)) {
        const end = text.indexOf("-->", lt + 4);
        if (end < 0) fail("Unterminated comment", lt, top.name || "(document)");
        pos = end + 3;
      } else if (text.startsWith("<![CDATA[", lt)) {
        const end = text.indexOf("]]>", lt + 9);
        if (end < 0) fail("Unterminated CDATA section", lt, top.name);
        if (stack.length === 1) fail("CDATA outside the root element", lt, "(document)");
        top.text += text.slice(lt + 9, end);
        pos = end + 3;
      } else if (text.startsWith("<!DOCTYPE", lt)) {
        if (rootSeen) fail("DOCTYPE after the root element", lt, "(document)");
        const bracket = text.indexOf("[", lt);
        const gt = text.indexOf(">", lt);
        // Internal DTD subsets can declare entities; schedule files never carry them, so refuse rather than expand.
        if (bracket >= 0 && bracket < gt) fail("Documents with an internal DTD are not accepted", lt, "DOCTYPE");
        pos = gt + 1;
      } else {
        fail("Unexpected markup <!", lt, top.name || "(document)");
      }
    } else if (c === 47) {
      // </name>
      const gt = text.indexOf(">", lt);
      if (gt < 0) fail("Unterminated closing tag", lt, top.name);
      const name = localName(text.slice(lt + 2, gt).trim());
      if (stack.length === 1) fail(`Closing tag </${name}> without an opening tag`, lt, name);
      if (name !== top.name) fail(`Closing tag </${name}> does not match <${top.name}>`, lt, top.name);
      stack.pop();
      addChild(stack[stack.length - 1], top.name, finish(top));
      pos = gt + 1;
    } else {
      // <name attr="v" …> or <name …/>
      let p = lt + 1;
      while (p < n) {
        const ch = text.charCodeAt(p);
        if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 47 || ch === 62) break;
        p++;
      }
      const rawName = text.slice(lt + 1, p);
      if (rawName === "" || !isXmlName(rawName))
        fail(`Bad element name "${rawName.slice(0, 30)}"`, lt, top.name || "(document)");
      const name = localName(rawName);
      if (stack.length === 1) {
        if (rootSeen) fail("A second root element", lt, name);
        rootSeen = true;
      }
      const frame: Frame = { name, node: {}, text: "", hasChildren: false, hasAttributes: false };
      let selfClosing = false;
      for (;;) {
        while (p < n && /\s/.test(text[p])) p++;
        if (p >= n) fail(`Unterminated tag <${name}>`, lt, name);
        const ch = text[p];
        if (ch === ">") {
          p++;
          break;
        }
        if (ch === "/") {
          if (text[p + 1] !== ">") fail(`Bad end of tag <${name}>`, p, name);
          selfClosing = true;
          p += 2;
          break;
        }
        const eq = text.indexOf("=", p);
        if (eq < 0) fail(`Attribute without a value in <${name}>`, p, name);
        const attr = text.slice(p, eq).trim();
        if (!isXmlName(attr)) fail(`Bad attribute "${attr.slice(0, 30)}" in <${name}>`, p, name);
        let q = eq + 1;
        while (q < n && /\s/.test(text[q])) q++;
        const quote = text[q];
        if (quote !== '"' && quote !== "'") fail(`Attribute ${attr} of <${name}> is not quoted`, q, name);
        const close = text.indexOf(quote, q + 1);
        if (close < 0) fail(`Unterminated attribute ${attr} of <${name}>`, q, name);
        if (!attr.startsWith("xmlns")) {
          const key = `@_${localName(attr)}`;
          if (key in frame.node) fail(`Attribute ${attr} repeated in <${name}>`, p, name);
          frame.node[key] = decode(text.slice(q + 1, close), q, name);
          frame.hasAttributes = true;
        }
        p = close + 1;
      }
      if (selfClosing) addChild(top, name, finish(frame));
      else stack.push(frame);
      pos = p;
    }
  }
  if (stack.length > 1) {
    const open = stack[stack.length - 1];
    fail(`The file ends inside <${open.name}>: it is truncated`, n, open.name);
  }
  if (!rootSeen) fail("No root element", 0, "(document)");
  return root;
}
