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
import { attributeValues, unlockedVersions, writeAttributeValues } from "./replacements.repo.js";

type Body = z.output<typeof replaceValuesBody>;
/** What a run needs of a body: the rule, the works it may touch, its reach. */
export type Rule = Pick<Body, "attributeId" | "mode" | "find" | "replace" | "pairs"> & {
  itemIds?: number[];
  wholeSchedule: boolean;
};
type Change = (text: string) => string | null;
/** Whose attributes, where: a caller in a schedule. */
export type AttributeScope = Pick<VersionScope, "grant" | "scheduleId" | "lineage">;
/** One version's part of a run: the works changed, their values before and after, the preview's first rows. */
interface Plan {
  ids: number[];
  before: AttributeValue[];
  after: AttributeValue[];
  changes: ReplaceValuesResult["changes"];
}

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
export function replacer(body: Rule): Change {
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
 * Replacements (issue 14): one work attribute's values found and replaced across a version, or across every unlocked
 * version of its schedule. Every new value is checked as a typed one would be (numbers, dates, list entries): the
 * first that the attribute cannot hold refuses the whole replacement naming its work (and version). A preview answers
 * what would change; the change is one undoable step of each version changed (`attribute_replace`), announced with
 * `attribute_replaced`.
 */
export class ReplacementsService {
  constructor(
    private readonly deps: {
      db: Db;
      events: WorkspaceEvents;
      /** The work attributes applying in a schedule, with the caller's access to each. */
      workAttributes: (scope: AttributeScope) => Promise<AttributeDto[]>;
    },
  ) {}

  /** The work attribute a rule names, as the caller sees it; refused when it is computed or unknown. */
  async attributeOf(scope: AttributeScope, attributeId: string) {
    const attribute = (await this.deps.workAttributes(scope)).find((a) => a.id === attributeId);
    if (!attribute) throw new AppError("NotFound", { field: "attributeId" });
    if (isComputedType(attribute.type)) throw new AppError("AttributeReadOnly", { field: "attributeId" });
    return attribute;
  }

  async replace(scope: VersionScope, rule: Rule, preview: boolean): Promise<ReplaceValuesResult> {
    const attribute = await this.attributeOf(scope, rule.attributeId);
    if (rule.wholeSchedule && rule.itemIds) throw new AppError("InvalidValue", { field: "itemIds" });
    const change = replacer(rule);
    const targets = rule.wholeSchedule ? await this.scheduleVersions(scope) : [scope];
    const named = targets.length > 1;
    // every version is planned before any is written: a value refused in the last one leaves all as they were
    const plans: Plan[] = [];
    for (const target of targets) plans.push(await this.plan(this.deps.db, target, attribute, rule, change, named));
    if (preview) return merged(plans, false);
    if (attribute.access !== "write") throw new AppError("Forbidden", { field: "attributeId" });
    const done: Plan[] = [];
    for (const [k, target] of targets.entries())
      if (plans[k].ids.length > 0) done.push(await this.write(target, attribute, rule, change, named));
    return merged(done, true);
  }

  /** The unlocked versions of the scope's schedule, as scopes of the same caller. */
  private async scheduleVersions(scope: VersionScope): Promise<VersionScope[]> {
    const rows = await unlockedVersions(this.deps.db, scope.grant.space.id, scope.scheduleId);
    return rows.map((version) => ({ ...scope, version }));
  }

  /** One version's change: planned again in its transaction (the values a preview saw may have changed since). */
  private async write(scope: VersionScope, attribute: AttributeDto, rule: Rule, change: Change, named: boolean) {
    let plan: Plan | null = null;
    await applyChange(
      this.deps,
      scope,
      "undo_wbs",
      "attribute_replace",
      async (tx) => {
        plan = await this.plan(tx, scope, attribute, rule, change, named);
        if (plan.ids.length > 0) await writeAttributeValues(tx, scope.version.id, attribute.id, plan.ids, plan.after);
        return {
          result: {},
          changed: plan.ids,
          inverse: plan.ids.length
            ? { wbsAttrValues: { ids: plan.ids, keys: [attribute.id], values: [plan.before] } }
            : {},
          itemCount: plan.ids.length,
        };
      },
      { datesMayMove: false },
    );
    const written = (plan as Plan | null) ?? { ids: [], before: [], after: [], changes: [] };
    if (written.ids.length > 0)
      this.deps.events.attributeReplaced(scope.grant.space.id, scope.grant.userId, {
        versionId: scope.version.id,
        attributeId: attribute.id,
        values: written.ids.length,
        itemIds: written.ids.length <= 1000 ? written.ids : [],
      });
    return written;
  }

  /** What the replacement changes on the version's works: ids, values before and after, the preview's first rows. */
  private async plan(
    db: Db | Tx,
    scope: VersionScope,
    attribute: AttributeDto,
    rule: Rule,
    change: Change,
    named: boolean,
  ): Promise<Plan> {
    // read in `db`: inside a transaction the embedded database's one connection is the transaction's
    const found = await attributeValues(db, scope.version.id, attribute.id, rule.itemIds);
    const ids: number[] = [];
    const before: AttributeValue[] = [];
    const after: AttributeValue[] = [];
    const changes: ReplaceValuesResult["changes"] = [];
    const versionLabel = named ? scope.version.label : undefined;
    for (let k = 0; k < found.id.length; k++) {
      const old = found.value[k];
      const text = change(textOf(old));
      if (text === null) continue;
      const parsed = parseAttributeValue(attribute.type, text, attribute.listValues);
      if (!parsed.ok) {
        const where = { row: found.code[k] || String(found.id[k]), value: text, attribute: attribute.name };
        if (named) throw new AppError("ReplacementValueInvalidInVersion", { ...where, version: scope.version.label });
        throw new AppError("ReplacementValueInvalid", where);
      }
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
          ...(versionLabel === undefined ? {} : { versionLabel }),
        });
    }
    return { ids, before, after, changes };
  }
}

/** The versions' plans as one answer: counts summed, the first changes in version order. */
function merged(plans: Plan[], applied: boolean): ReplaceValuesResult {
  const values = plans.reduce((sum, p) => sum + p.ids.length, 0);
  return {
    works: values,
    values,
    changes: plans.flatMap((p) => p.changes).slice(0, DONOR_PREVIEW_MAX),
    applied,
    versions: plans.filter((p) => p.ids.length > 0).length,
  };
}
