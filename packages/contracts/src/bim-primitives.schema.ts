import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { requiredText } from "./validation.js";

/**
 * Primitive 3D models (issue 20; spec §3 "primitive 3D models", "3D shapes: box, sphere, plane, cylinder"; §7
 * "Primitive models: /primitivesModels"): simple shapes placed on the site plan of a structure node that has no IFC
 * model (a site layout), tied to works like model elements so the 4D player and the Gantt colour them.
 *
 * Coordinates are the site plan's, in metres: x east, y north, z up. `position` is the centre of the shape's base;
 * `size` its extent along x, y and z (a sphere's diameters, a cylinder's two diameters and height; a plane is flat
 * and ignores z); `rotation` turns it about x, y and z in degrees.
 */
export const BIM_SHAPES = ["box", "sphere", "plane", "cylinder"] as const;
export type BimShape = (typeof BIM_SHAPES)[number];

/** A site is at most a few kilometres across: larger numbers are typing mistakes. */
const EXTENT = 100_000;
const coordinate = z
  .number({ error: "InvalidNumber" })
  .finite({ error: "InvalidNumber" })
  .min(-EXTENT, "InvalidNumber")
  .max(EXTENT, "InvalidNumber");
const dimension = z
  .number({ error: "InvalidNumber" })
  .finite({ error: "InvalidNumber" })
  .positive({ error: "InvalidNumber" })
  .max(EXTENT, "InvalidNumber");
const angle = z
  .number({ error: "InvalidNumber" })
  .finite({ error: "InvalidNumber" })
  .min(-360, "InvalidNumber")
  .max(360, "InvalidNumber");
const colour = z.string({ error: "InvalidValue" }).regex(/^#[0-9a-f]{6}$/i, { error: "InvalidValue" });
const itemIds = z
  .array(z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(1, "InvalidNumber"))
  .max(1_000, "InvalidValue");

const primitiveFields = {
  name: requiredText(),
  shape: z.enum(BIM_SHAPES, { error: "InvalidValue" }),
  size: z.tuple([dimension, dimension, dimension]),
  position: z.tuple([coordinate, coordinate, coordinate]),
  rotation: z.tuple([angle, angle, angle]),
  colour,
  /** The works the shape stands for: rows of versions of schedules at or under the node. */
  itemIds,
};

/** `POST /primitivesModels`: a shape placed on a node's site plan. */
export const createBimPrimitiveBody = z.object({ epsId: uuidField, ...primitiveFields });
export type CreateBimPrimitiveBody = z.infer<typeof createBimPrimitiveBody>;

/** `PATCH /primitivesModels`: changes the fields given of the shape `id` of node `epsId`. */
export const updateBimPrimitiveBody = z.object({
  id: uuidField,
  epsId: uuidField,
  ...z.object(primitiveFields).partial().shape,
});
export type UpdateBimPrimitiveBody = z.infer<typeof updateBimPrimitiveBody>;

export const bimPrimitiveSchema = z.object({
  id: z.string(),
  epsId: z.string(),
  name: z.string(),
  shape: z.enum(BIM_SHAPES),
  size: z.tuple([z.number(), z.number(), z.number()]),
  position: z.tuple([z.number(), z.number(), z.number()]),
  rotation: z.tuple([z.number(), z.number(), z.number()]),
  colour: z.string(),
  itemIds: z.array(z.number()),
  createdAt: z.string(),
});
export type BimPrimitive = z.infer<typeof bimPrimitiveSchema>;

export const bimPrimitiveNodeParams = z.object({ epsId: uuidField });
/**
 * `withAncestors=true` adds the shapes placed on the node's ancestors' site plans (a facility's layout around its
 * projects), the root's first; reading the structure is space-wide, so whoever reads the node reads them.
 */
export const bimPrimitiveListQuery = z.object({
  withAncestors: z
    .enum(["true", "false"], { error: "InvalidValue" })
    .default("false")
    .transform((v) => v === "true"),
});
export const bimPrimitiveParams = z.object({ epsId: uuidField, id: uuidField });
