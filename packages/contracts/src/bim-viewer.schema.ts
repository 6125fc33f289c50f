import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { requiredText } from "./validation.js";

/**
 * The viewer's saved state and appearance profiles (issue 20; spec §3 "BIM appearance profile and state", §7
 * "BIM: appearance profiles under /spaces/{id}/bim; state under /bim/state").
 */

const coordinate = z.number({ error: "InvalidNumber" }).finite({ error: "InvalidNumber" });
const point = z.tuple([coordinate, coordinate, coordinate]);
const expressIds = z.array(z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" })).max(200_000);

export const BIM_SECTION_AXES = ["x", "y", "z"] as const;
export type BimSectionAxis = (typeof BIM_SECTION_AXES)[number];

/** A section: the model cut by a plane across an axis, at a share (0…1) of the model's extent along it. */
export const bimSectionSchema = z.object({
  axis: z.enum(BIM_SECTION_AXES, { error: "InvalidValue" }),
  at: z.number({ error: "InvalidNumber" }).min(0, "InvalidNumber").max(1, "InvalidNumber"),
});
export type BimSection = z.infer<typeof bimSectionSchema>;

/** What one user left in the viewer of one model: camera, hidden and isolated elements, section, profile. */
export const bimViewerStateBody = z.object({
  modelId: uuidField,
  camera: z.object({ position: point, target: point }),
  hidden: expressIds,
  isolated: expressIds.nullable(),
  section: bimSectionSchema.nullable(),
  profileId: uuidField.nullable(),
});
export type BimViewerState = z.infer<typeof bimViewerStateBody>;
export const bimViewerStateQuery = z.object({ modelId: uuidField });
/** `GET /bim/state`: the saved state, or null when the user saved none for the model. */
export const bimViewerStateAnswer = bimViewerStateBody.nullable();

const colour = z.string({ error: "InvalidValue" }).regex(/^#[0-9a-f]{6}$/i, { error: "InvalidValue" });

/**
 * One rule of an appearance profile: elements of an IFC type (e.g. "IfcWall") take a colour (null: their own) or
 * are hidden. The first rule naming a type wins.
 */
export const bimAppearanceRuleSchema = z.object({
  ifcType: z
    .string({ error: "Required" })
    .regex(/^Ifc[A-Za-z0-9]+$/, { error: "InvalidValue" })
    .max(64, "InvalidValue"),
  colour: colour.nullable(),
  hidden: z.boolean(),
});
export type BimAppearanceRule = z.infer<typeof bimAppearanceRuleSchema>;

export const bimAppearanceProfileBody = z.object({
  name: requiredText(),
  rules: z.array(bimAppearanceRuleSchema).max(200, "InvalidValue"),
});
export type BimAppearanceProfileBody = z.infer<typeof bimAppearanceProfileBody>;
export const bimAppearanceProfileSchema = bimAppearanceProfileBody.extend({
  id: z.string(),
  createdAt: z.string(),
});
export type BimAppearanceProfile = z.infer<typeof bimAppearanceProfileSchema>;
export const bimProfileParams = z.object({ id: uuidField, profileId: uuidField });
