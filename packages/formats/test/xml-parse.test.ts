import { describe, expect, it } from "vitest";
import type { FormatError } from "../src/index.js";
import { parseXmlTree } from "../src/util/xml-parse.js";

const parse = (s: string, arrays: string[] = []) => parseXmlTree(s, new Set(arrays));

function failure(s: string): FormatError {
  try {
    parse(s);
  } catch (e) {
    return e as FormatError;
  }
  throw new Error("expected an error");
}

describe("schedule XML reader", () => {
  it("builds text, attributes, repeated and listed elements, CDATA and entities", () => {
    const tree = parse(
      '<?xml version="1.0"?>\n<!-- c --><P xmlns="x" xmlns:xsi="y"><Name><![CDATA[Работа <1>]]></Name><T a="1 &amp; 2"/><T>x &lt; y &#1046;</T><W><V xsi:nil="true" /></W><L>one</L></P>',
      ["L"],
    );
    expect(tree).toEqual({
      P: { Name: "Работа <1>", T: [{ "@_a": "1 & 2" }, "x < y Ж"], W: { V: { "@_nil": "true" } }, L: ["one"] },
    });
  });

  it("takes names in any letters (the ministry's estimate schema has <ТerritoryТype>), refuses names that are not", () => {
    expect(parse('<A><ТerritoryТype>Территория</ТerritoryТype><Объект код="1"/></A>')).toEqual({
      A: { ТerritoryТype: "Территория", Объект: { "@_код": "1" } },
    });
    expect(failure("<A><1b>x</1b></A>").message).toMatch(/Bad element name "1b"/);
  });

  it("keeps numbers as text", () => {
    expect(parse("<A><Id>0010</Id></A>")).toEqual({ A: { Id: "0010" } });
  });

  it.each([
    ["<A><B></A>", "does not match <B>", 1],
    ["<A>\n<B>\n</B>\n", "truncated", 4],
    ["<A/><B/>", "second root", 1],
    ["<A x=1/>", "not quoted", 1],
    ["<A>&nbsp;</A>", "Unknown entity", 1],
    ["<A>\n a & b</A>", "bare &", 1],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a/>', "internal DTD", 1],
    ["junk<A/>", "outside the root", 1],
  ])("%j is refused (%s) with its line", (xml, message, line) => {
    const e = failure(xml);
    expect(e.code).toBe("MalformedFile");
    expect(e.message).toContain(message);
    expect(e.location && "line" in e.location ? e.location.line : -1).toBeGreaterThanOrEqual(line);
  });
});
