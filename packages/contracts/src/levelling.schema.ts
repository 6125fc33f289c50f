import { z } from "zod";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Resource levelling of a version (issue 13): P6's "Level Resources" options, the job's preview (every move with its
 * reason, the resource-constrained critical path) and applying or discarding it. Dates "YYYY-MM-DDTHH:mm".
 */

export const LEVEL_PRIORITY_KEYS = [
  "early_start",
  "late_start",
  "total_float",
  "remaining_duration",
  "attribute",
] as const;
export type LevelPriorityKey = (typeof LEVEL_PRIORITY_KEYS)[number];

export const levelPrioritySchema = z
  .object({
    by: z.enum(LEVEL_PRIORITY_KEYS, { error: "InvalidValue" }),
    /** The attribute's key when `by` is "attribute". */
    attribute: z.string().max(200, { error: "MaxLength" }).optional(),
    descending: z.boolean().optional(),
  })
  .refine((p) => p.by !== "attribute" || Boolean(p.attribute), { error: "Required", path: ["attribute"] });
export type LevelPriorityInput = z.infer<typeof levelPrioritySchema>;

export const levellingOptionsSchema = z.object({
  withinFloat: z.boolean().default(false),
  preserveDates: z.boolean().default(false),
  maxOverallocationPercent: z
    .number({ error: "InvalidNumber" })
    .min(0, { error: "NegativeOverallocation" })
    .max(1000, { error: "InvalidNumber" })
    .default(0),
  priorities: z
    .array(levelPrioritySchema)
    .max(10)
    .default([{ by: "early_start" }, { by: "total_float" }]),
});
export type LevellingOptionsBody = z.input<typeof levellingOptionsSchema>;
export type LevellingOptionsValues = z.infer<typeof levellingOptionsSchema>;

export const levellingJobParams = z.object({ id: workspaceUuid, jobId: workspaceUuid });

export const levellingStartedSchema = z.object({ jobId: z.string() });

const ref = z.object({ id: z.number(), code: z.string(), name: z.string() });
const resourceRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const levelReasonSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("logic"), days: z.number(), predecessor: ref }),
  z.object({ kind: z.literal("resource"), days: z.number(), resource: resourceRef, holders: z.array(ref) }),
  z.object({
    kind: z.literal("unresolved"),
    resource: resourceRef,
    holders: z.array(ref),
    cause: z.enum(["float", "horizon"]),
  }),
]);
export type LevelReasonDto = z.infer<typeof levelReasonSchema>;

export const levelMoveSchema = z.object({
  work: ref,
  before: z.object({ start: z.string(), finish: z.string() }),
  after: z.object({ start: z.string(), finish: z.string() }),
  /** Working days between the scheduled and the levelled start. */
  days: z.number(),
  reasons: z.array(levelReasonSchema),
});
export type LevelMoveDto = z.infer<typeof levelMoveSchema>;

export const levellingPreviewResultSchema = z.object({
  moves: z.array(levelMoveSchema),
  /** Resource-constrained critical path, by levelled start. */
  criticalPath: z.array(ref),
  finishBefore: z.string(),
  finishAfter: z.string(),
  unresolved: z.number(),
  activities: z.number(),
  resources: z.number(),
  engineMs: z.number(),
});

export const LEVELLING_STATES = [
  "queued",
  "in_process",
  "completed",
  "error",
  "stopped",
  "applied",
  "discarded",
] as const;
export type LevellingState = (typeof LEVELLING_STATES)[number];

export const levellingPreviewSchema = z.object({
  jobId: z.string(),
  versionId: z.string(),
  state: z.enum(LEVELLING_STATES),
  progress: z.number(),
  error: z.string().nullable(),
  options: levellingOptionsSchema,
  result: levellingPreviewResultSchema.nullable(),
});
export type LevellingPreview = z.infer<typeof levellingPreviewSchema>;

export const levellingAppliedSchema = z.object({ applied: z.number(), versionRevision: z.number() });
