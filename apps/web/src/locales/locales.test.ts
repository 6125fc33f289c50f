import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./index";

const LANGUAGES = ["ru", "en", "fr"] as const;
const BASE = "ru";
const root = fileURLToPath(new URL(".", import.meta.url));

type Tree = { [key: string]: string | Tree };

function read(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(root, language, `${namespace}.json`), "utf8")) as Tree;
}

/** Every leaf as "a.b.c" → text. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) result.set(leaf, text);
  }
  return result;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

function namespacesOn(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

describe("locales", () => {
  it("have the same namespace files in every language, all registered", () => {
    const base = namespacesOn(BASE);
    expect(base).toEqual([...NAMESPACES].sort());
    for (const language of LANGUAGES) expect(namespacesOn(language), language).toEqual(base);
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: every key exists in every language, with the same placeholders and a text`, () => {
      const base = flatten(read(BASE, namespace));
      for (const language of LANGUAGES) {
        const other = flatten(read(language, namespace));
        const missing = [...base.keys()].filter((key) => !other.has(key));
        const extra = [...other.keys()].filter((key) => !base.has(key));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe("");
          expect(variables(text), `${language}/${namespace}:${key} placeholders`).toEqual(
            variables(base.get(key) ?? ""),
          );
        }
      }
    });
  }
});
