import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { requiredText } from "./validation.js";

/**
 * 3D links (issue 20, spec §7 "Projects … 3D links", "Versions 3D links"): a link ties models of a project to one
 * schedule version; under it, elements are tied to works many-to-many, by hand or by a rule.
 */
export const bimLinkSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  versionId: z.string(),
  name: z.string(),
  modelIds: z.array(z.string()),
  relationCount: z.number(),
  createdAt: z.string(),
});
export type BimLink = z.infer<typeof bimLinkSchema>;

const modelIds = z.array(uuidField).min(1, "Required").max(100);
export const saveBimLinkBody = z.object({ name: requiredText(), versionId: uuidField, modelIds });
export type SaveBimLinkBody = z.infer<typeof saveBimLinkBody>;
export const updateBimLinkBody = z.object({ name: requiredText().optional(), modelIds: modelIds.optional() });
export const bimLinkParams = z.object({ id: uuidField, linkId: uuidField });

const expressIds = z
  .array(z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(1, "InvalidNumber"))
  .min(1, "Required")
  .max(100_000);
const itemIds = z
  .array(z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }))
  .min(1, "Required")
  .max(10_000);

const rulePropertyField = requiredText({ max: 200, allowAnyCharacter: true });

/**
 * `POST /versions/{id}/3d/link/{linkId}/create-relations`: by hand, each element named with each work; or by rule,
 * every element of the link's models whose property (e.g. "Pset_Planum.WorkCode" or "Attributes.Tag") equals a
 * work's code, or a directory value of the work (the code of the row it refers to in a directory, or that row's
 * value in one column).
 */
export const createBimRelationsBody = z.union([
  z.object({ modelId: uuidField, expressIds, itemIds }),
  z.object({
    rule: z.union([
      z.object({ property: rulePropertyField, equals: z.literal("code") }),
      // the row of the directory the work refers to: its code, or its value in one column of the directory
      z.object({
        property: rulePropertyField,
        equals: z.literal("directory"),
        directoryId: uuidField,
        columnId: uuidField.optional(),
      }),
    ]),
  }),
]);
export type BimLinkRule = Extract<CreateBimRelationsBody, { rule: unknown }>["rule"];
export type CreateBimRelationsBody = z.infer<typeof createBimRelationsBody>;
export const bimRelationsCreatedSchema = z.object({ created: z.number() });

/** `DELETE …/relation`: the elements' ties (to the named works only, when `itemIds` is given). */
export const deleteBimRelationsBody = z.object({ modelId: uuidField, expressIds, itemIds: itemIds.optional() });

export const bimElementsOfWorksBody = z.object({ modelId: uuidField, expressIds });
export const bimLinkedElementSchema = z.object({ modelId: z.string(), expressId: z.number(), itemId: z.number() });
export type BimLinkedElement = z.infer<typeof bimLinkedElementSchema>;
export const bimWbsParams = bimLinkParams.extend({
  wbsId: z.coerce.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }),
});

/** `indicator-colors/{x}`: x is the tolerance in days (0–365, fractions allowed) within which a finish is on time. */
export const bimIndicatorColorsParams = bimLinkParams.extend({
  x: z.coerce
    .number({ error: "InvalidNumber" })
    .refine(Number.isFinite, { error: "InvalidNumber" })
    .pipe(z.number().min(0, { error: "InvalidNumber" }).max(365, { error: "InvalidNumber" })),
});
