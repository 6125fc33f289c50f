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

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Keys with i18next plural suffixes (`rows_one`, `rows_few`…) stand for one key (`rows`): each language has the
 * forms its own plural rules need, so the sets of suffixes differ between languages.
 */
function pluralBases(keys: Iterable<string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of keys) {
    const match = PLURAL.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    const forms = bases.get(base) ?? new Set<string>();
    forms.add(match[1]);
    bases.set(base, forms);
  }
  return bases;
}

function logicalKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => key.replace(PLURAL, "")));
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
      const baseKeys = logicalKeys(base.keys());
      const baseText = new Map([...base].map(([key, text]) => [key.replace(PLURAL, ""), text]));
      for (const language of LANGUAGES) {
        const other = flatten(read(language, namespace));
        const otherKeys = logicalKeys(other.keys());
        const missing = [...baseKeys].filter((key) => !otherKeys.has(key));
        const extra = [...otherKeys].filter((key) => !baseKeys.has(key));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
        // a plural key has exactly the forms of the language's plural rules, and each uses {{count}}
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const [key, forms] of pluralBases(other.keys())) {
          expect([...forms].sort(), `${language}/${namespace}:${key} plural forms`).toEqual([...categories].sort());
          expect(other.has(key), `${language}/${namespace}:${key} is both plain and plural`).toBe(false);
          for (const form of forms) expect(variables(other.get(`${key}_${form}`) ?? "")).toContain("count");
        }
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe("");
          expect(variables(text), `${language}/${namespace}:${key} placeholders`).toEqual(
            variables(baseText.get(key.replace(PLURAL, "")) ?? ""),
          );
        }
      }
    });
  }

  it("count strings read as their language's grammar wants", async () => {
    const { i18n } = await import("../shared/i18n");
    const rows = (language: string, count: number) =>
      i18n.getFixedT(language, "workspace")("gantt.toolbar.rows", { count });
    expect(rows("en", 1)).toBe("1 row");
    expect(rows("en", 2)).toBe("2 rows");
    expect(rows("fr", 0)).toBe("0 ligne");
    expect(rows("fr", 1)).toBe("1 ligne");
    expect(rows("fr", 42)).toBe("42 lignes");
    expect(rows("ru", 1)).toBe("1 строка");
    expect(rows("ru", 3)).toBe("3 строки");
    expect(rows("ru", 5)).toBe("5 строк");
    expect(rows("ru", 21)).toBe("21 строка");
    expect(rows("ru", 42)).toBe("42 строки");
  });
});
