import { z } from "zod";
import { uuidField } from "./structure.schema.js";

/**
 * 3D/BIM models of a project (issue 20, spec §7 "Projects 3D … models"): IFC files uploaded per project and
 * converted on the server into the objects of their spatial tree (with properties) and a compact geometry file
 * (`bim-geometry-wire.ts`).
 */
export const BIM_SCHEMAS = ["IFC2X3", "IFC4", "IFC4X3"] as const;
export type BimSchema = (typeof BIM_SCHEMAS)[number];
/** The spec's upload status. */
export const BIM_MODEL_STATUSES = ["uploading", "completed", "error"] as const;
export type BimModelStatus = (typeof BIM_MODEL_STATUSES)[number];

/**
 * The objects of the reduced PBS list (the product breakdown by place): the spatial structure of buildings (site,
 * building, storey, space) and of IFC4.3 infrastructure (facilities and their parts).
 */
export const BIM_SPATIAL_TYPES = [
  "IfcProject",
  "IfcSite",
  "IfcBuilding",
  "IfcBuildingStorey",
  "IfcSpace",
  "IfcFacility",
  "IfcFacilityPart",
  "IfcRoad",
  "IfcRoadPart",
  "IfcBridge",
  "IfcBridgePart",
  "IfcRailway",
  "IfcRailwayPart",
  "IfcMarineFacility",
  "IfcMarinePart",
] as const;

export const bimModelSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  ifcSchema: z.string(),
  status: z.enum(BIM_MODEL_STATUSES),
  progress: z.number(),
  size: z.number(),
  elementCount: z.number(),
  metadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type BimModel = z.infer<typeof bimModelSchema>;

/** `POST /projects/{id}/3d/upload`: the model being converted and the job converting it. */
export const bimUploadSchema = z.object({ model: bimModelSchema, jobId: z.string() });
export type BimUpload = z.infer<typeof bimUploadSchema>;

export const bimModelParams = z.object({ id: uuidField, modelId: uuidField });
const expressId = z.coerce.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(1, "InvalidNumber");
export const bimElementParams = bimModelParams.extend({ elemId: expressId });

/** An object of a model without its properties (the tree, the metadata list, search hits). */
export const bimElementSchema = z.object({
  expressId: z.number(),
  globalId: z.string(),
  ifcType: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  hasGeometry: z.boolean(),
});
export type BimElement = z.infer<typeof bimElementSchema>;

export const bimElementInfoSchema = bimElementSchema.extend({ properties: z.record(z.string(), z.string()) });
export type BimElementInfo = z.infer<typeof bimElementInfoSchema>;

/** `GET /projects/{id}/3d/{modelId}?parentId=`: one level of the tree (the roots without `parentId`). */
export const bimTreeQuery = z.object({ parentId: expressId.optional() });
export const bimTreeNodeSchema = bimElementSchema.extend({ childCount: z.number() });
export type BimTreeNode = z.infer<typeof bimTreeNodeSchema>;

/** `GET …/attributes?text=`: objects whose name, type, GlobalId or any property value contains the text. */
export const bimAttributesByTextQuery = z.object({
  text: z.string({ error: "Required" }).trim().min(1, "Required").max(200, "MaxLength"),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const bimSearchAnswerSchema = z.object({ elements: z.array(bimElementSchema), more: z.boolean() });
export type BimSearchAnswer = z.infer<typeof bimSearchAnswerSchema>;

/** `POST …/attributes`: the properties of the objects named by their express ids. */
export const bimAttributesByIdsBody = z.object({ ids: z.array(expressId).min(1, "Required").max(10_000) });

/** The reduced PBS list: the spatial objects with how many objects each contains directly. */
export const bimPbsEntrySchema = bimElementSchema.extend({ elementCount: z.number() });
export type BimPbsEntry = z.infer<typeof bimPbsEntrySchema>;
