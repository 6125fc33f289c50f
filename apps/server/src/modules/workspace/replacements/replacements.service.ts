import {
  type AttributeDto,
  type AttributeValue,
  DONOR_PREVIEW_MAX,
  isComputedType,
  parseAttributeValue,
  type ReplaceValuesResult,
  type replaceValuesBody,
} from "@planum/contracts";
import type { z } from "zod";
import type { VersionScope } from "../../../platform/access.js";
import type { Db, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { applyChange } from "../wbs/wbs-changes.js";
import { attributeValues, writeAttributeValues } from "./replacements.repo.js";

type Body = z.output<typeof replaceValuesBody>;

/** A stored value as the text a user finds in it (numbers as written, booleans as true/false). */
function textOf(value: AttributeValue): string {
  return value === null ? "" : String(value);
}

/** `*` any text, `?` one character, the rest literal: anywhere in the value, any letter case, every match. */
export function wildcardPattern(find: string): RegExp {
  const source = find
    .trim()
    .split("")
    .map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(source, "giu");
}

/** The new text of a value, or null when the replacement does not touch it. */
function replacer(body: Body): (text: string) => string | null {
  if (body.mode === "exact") {
    const find = body.find.trim();
    const to = body.replace.trim();
    return (text) => (text === find ? to : null);
  }
  if (body.mode === "list") {
    const pairs = new Map<string, string>();
    body.pairs.forEach((pair, index) => {
      const find = pair.find.trim();
      if (find === "") throw new AppError("Required", { field: `pairs.${index}.find` });
      if (pairs.has(find)) throw new AppError("InvalidValue", { field: `pairs.${index}.find` });
      pairs.set(find, pair.replace.trim());
    });
    return (text) => pairs.get(text) ?? null;
  }
  const pattern = wildcardPattern(body.find);
  const to = body.replace;
  return (text) => {
    pattern.lastIndex = 0;
    if (!pattern.test(text)) return null;
    // the replacement text is literal: `$` has no meaning to the user
    return text.replace(pattern, () => to).trim();
  };
}

/**
 * Replacements (issue 14): one work attribute's values found and replaced across a version. Every new value is
 * checked as a typed one would be (numbers, dates, list entries): the first that the attribute cannot hold refuses
 * the whole replacement naming its work. A preview answers what would change; the change is one undoable step
 * (`attribute_replace`), announced with `attribute_replaced`.
 */
export class ReplacementsService {
  constructor(
    private readonly deps: {
      db: Db;
      events: WorkspaceEvents;
      /** The work attributes applying in the version's schedule, with the caller's access to each. */
      workAttributes: (scope: VersionScope) => Promise<AttributeDto[]>;
    },
  ) {}

  async replace(scope: VersionScope, body: Body): Promise<ReplaceValuesResult> {
    const attribute = (await this.deps.workAttributes(scope)).find((a) => a.id === body.attributeId);
    if (!attribute) throw new AppError("NotFound", { field: "attributeId" });
    if (isComputedType(attribute.type)) throw new AppError("AttributeReadOnly", { field: "attributeId" });
    const change = replacer(body);
    if (body.preview) return (await this.plan(this.deps.db, scope, attribute, body, change)).result;
    if (attribute.access !== "write") throw new AppError("Forbidden", { field: "attributeId" });
    let written: number[] = [];
    const done = await applyChange(
      this.deps,
      scope,
      "undo_wbs",
      "attribute_replace",
      async (tx) => {
        // planned again in the transaction: the values a preview saw may have changed since
        const plan = await this.plan(tx, scope, attribute, body, change);
        if (plan.ids.length > 0) await writeAttributeValues(tx, scope.version.id, attribute.id, plan.ids, plan.after);
        written = plan.ids;
        return {
          result: { ...plan.result, applied: true },
          changed: plan.ids,
          inverse: plan.ids.length
            ? { wbsAttrValues: { ids: plan.ids, keys: [attribute.id], values: [plan.before] } }
            : {},
          itemCount: plan.ids.length,
        };
      },
      { datesMayMove: false },
    );
    if (written.length > 0)
      this.deps.events.attributeReplaced(scope.grant.space.id, scope.grant.userId, {
        versionId: scope.version.id,
        attributeId: attribute.id,
        values: written.length,
        itemIds: written.length <= 1000 ? written : [],
      });
    const { versionRevision: _, ...result } = done;
    return result;
  }

  /** What the replacement changes on the version's works: ids, values before and after, the preview's first rows. */
  private async plan(
    db: Db | Tx,
    scope: VersionScope,
    attribute: AttributeDto,
    body: Body,
    change: (text: string) => string | null,
  ) {
    // read in `db`: inside a transaction the embedded database's one connection is the transaction's
    const found = await attributeValues(db, scope.version.id, attribute.id, body.itemIds);
    const ids: number[] = [];
    const before: AttributeValue[] = [];
    const after: AttributeValue[] = [];
    const changes: ReplaceValuesResult["changes"] = [];
    for (let k = 0; k < found.id.length; k++) {
      const old = found.value[k];
      const text = change(textOf(old));
      if (text === null) continue;
      const parsed = parseAttributeValue(attribute.type, text, attribute.listValues);
      if (!parsed.ok)
        throw new AppError("ReplacementValueInvalid", {
          row: found.code[k] || String(found.id[k]),
          value: text,
          attribute: attribute.name,
        });
      if (parsed.value === old) continue;
      ids.push(found.id[k]);
      before.push(old);
      after.push(parsed.value);
      if (changes.length < DONOR_PREVIEW_MAX)
        changes.push({
          itemId: found.id[k],
          code: found.code[k],
          name: found.name[k],
          attributeId: attribute.id,
          attributeName: attribute.name,
          before: old,
          after: parsed.value,
        });
    }
    return { ids, before, after, result: { works: ids.length, values: ids.length, changes, applied: false } };
  }
}
