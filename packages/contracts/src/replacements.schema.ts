import { z } from "zod";
import { DIRECTORY_LINKS_MAX, donorRefreshSchema } from "./directory-links.schema.js";
import { uuidField } from "./structure.schema.js";

/**
 * Replacements (issue 14): one work attribute's values found and replaced across a version — `exact` (the whole
 * value equals the text), `pattern` (`*` any text, `?` one character, anywhere in the value, any letter case; each
 * match is replaced) or `list` (pairs of exact value → new value). Previewed first, written as one undoable change.
 */
export const REPLACEMENT_MODES = ["exact", "pattern", "list"] as const;
export type ReplacementMode = (typeof REPLACEMENT_MODES)[number];
/** A list replacement holds at most this many pairs. */
export const REPLACEMENT_PAIRS_MAX = 1000;

const findText = z.string().max(200, { error: "MaxLength" });

const pairsField = z
  .array(z.object({ find: findText, replace: findText }))
  .max(REPLACEMENT_PAIRS_MAX)
  .default([]);

/** The rule of a replacement: which attribute, how its values are found, what replaces them. */
const ruleFields = {
  attributeId: uuidField,
  mode: z.enum(REPLACEMENT_MODES, { error: "InvalidValue" }),
  find: findText.default(""),
  /** Empty clears the value. */
  replace: findText.default(""),
  pairs: pairsField,
};

function ruleIsWhole(body: { mode: ReplacementMode; find: string; pairs: unknown[] }, ctx: z.RefinementCtx) {
  if (body.mode === "list" && body.pairs.length === 0)
    ctx.addIssue({ code: "custom", message: "Required", path: ["pairs"] });
  if (body.mode !== "list" && body.find.trim() === "")
    ctx.addIssue({ code: "custom", message: "Required", path: ["find"] });
}

/** How far a run reaches: the version only, or every unlocked version of its schedule. */
const wholeScheduleField = z.boolean().default(false);

export const replaceValuesBody = z
  .object({
    ...ruleFields,
    /** Only these works (all of the version otherwise); not with `wholeSchedule`. */
    itemIds: z.array(z.number().int().positive()).max(DIRECTORY_LINKS_MAX).optional(),
    wholeSchedule: wholeScheduleField,
    preview: z.boolean().default(true),
  })
  .superRefine(ruleIsWhole);
export type ReplaceValuesBody = z.input<typeof replaceValuesBody>;

/**
 * What a replacement changes (or changed): the first values in work order and how many in all; a run over the
 * schedule also says in how many versions, and each change its version.
 */
export const replaceValuesResultSchema = donorRefreshSchema.extend({
  changes: z.array(donorRefreshSchema.shape.changes.element.extend({ versionLabel: z.string().optional() })),
  versions: z.number().int(),
});
export type ReplaceValuesResult = z.infer<typeof replaceValuesResultSchema>;

/** A saved replacement of a schedule (`POST /schedules/{id}/replacements`): its name and rule. */
export const savedReplacementBody = z
  .object({ name: z.string().trim().min(1, { error: "Required" }).max(200, { error: "MaxLength" }), ...ruleFields })
  .superRefine(ruleIsWhole);
export type SavedReplacementBody = z.input<typeof savedReplacementBody>;

/** `PATCH /schedules/{id}/replacements`: the saved replacement `id` takes this name and rule. */
export const savedReplacementUpdateBody = z
  .object({
    id: uuidField,
    name: z.string().trim().min(1, { error: "Required" }).max(200, { error: "MaxLength" }),
    ...ruleFields,
  })
  .superRefine(ruleIsWhole);
export type SavedReplacementUpdateBody = z.input<typeof savedReplacementUpdateBody>;

export const savedReplacementParams = z.object({ id: uuidField, replacementId: uuidField });

/** `GET /versions/{id}/replacements/{replacementId}` (a preview) and its `POST` (the run). */
export const runReplacementQuery = z.object({
  wholeSchedule: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});
export const runReplacementBody = z.object({ wholeSchedule: wholeScheduleField });

export const savedReplacementSchema = z.object({
  id: z.string(),
  name: z.string(),
  attributeId: z.string(),
  attributeName: z.string(),
  mode: z.enum(REPLACEMENT_MODES),
  find: z.string(),
  replace: z.string(),
  pairs: z.array(z.object({ find: z.string(), replace: z.string() })),
  updatedAt: z.string(),
  /** The last run that changed values, or null. */
  lastRun: z
    .object({ at: z.string(), byName: z.string().nullable(), values: z.number().int(), versions: z.number().int() })
    .nullable(),
});
export type SavedReplacement = z.infer<typeof savedReplacementSchema>;
export const savedReplacementListSchema = z.array(savedReplacementSchema);
