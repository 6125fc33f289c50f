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

export const replaceValuesBody = z
  .object({
    attributeId: uuidField,
    mode: z.enum(REPLACEMENT_MODES, { error: "InvalidValue" }),
    find: findText.default(""),
    /** Empty clears the value. */
    replace: findText.default(""),
    pairs: z
      .array(z.object({ find: findText, replace: findText }))
      .max(REPLACEMENT_PAIRS_MAX)
      .default([]),
    /** Only these works (all of the version otherwise). */
    itemIds: z.array(z.number().int().positive()).max(DIRECTORY_LINKS_MAX).optional(),
    preview: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.mode === "list" && body.pairs.length === 0)
      ctx.addIssue({ code: "custom", message: "Required", path: ["pairs"] });
    if (body.mode !== "list" && body.find.trim() === "")
      ctx.addIssue({ code: "custom", message: "Required", path: ["find"] });
  });
export type ReplaceValuesBody = z.input<typeof replaceValuesBody>;

/** What a replacement changes (or changed): the first values in work order and how many in all. */
export const replaceValuesResultSchema = donorRefreshSchema;
export type ReplaceValuesResult = z.infer<typeof replaceValuesResultSchema>;
