import { z } from "zod";
import { wdpDay } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Project pipeline (issue 17, spec §1 "project pipeline", §2 `pipeline/{project_id}` and the form flag "project pipe
 * settings", §7 Projects "pipe CRUD and relations"): the stages a project goes through — design, approvals,
 * procurement, construction… — each with dates, an owner and a status, related to each other like works (FS, SS,
 * FF, SF with a lag in days), shown as a board by status and as a timeline. See docs/domain.md "Project pipeline".
 */
export const PIPE_STAGE_KINDS = [
  "design",
  "approvals",
  "procurement",
  "construction",
  "commissioning",
  "other",
] as const;
export type PipeStageKind = (typeof PIPE_STAGE_KINDS)[number];
export const PIPE_STAGE_STATUSES = ["planned", "in_progress", "done"] as const;
export type PipeStageStatus = (typeof PIPE_STAGE_STATUSES)[number];
export const PIPE_RELATION_TYPES = ["FS", "SS", "FF", "SF"] as const;
export const PIPE_VIEWS = ["board", "timeline"] as const;
export const PIPE_SCALES = ["week", "month", "quarter"] as const;
export const PIPE_NAME_MAX = 200;
export const PIPE_MAX_LAG_DAYS = 3650;

export const pipeStageBody = z
  .object({
    name: z
      .string({ error: "Required" })
      .trim()
      .min(1, { error: "Required" })
      .max(PIPE_NAME_MAX, { error: "MaxLength" }),
    kind: z.enum(PIPE_STAGE_KINDS, { error: "InvalidValue" }),
    status: z.enum(PIPE_STAGE_STATUSES, { error: "InvalidValue" }).default("planned"),
    start: wdpDay,
    finish: wdpDay,
    ownerId: workspaceUuid.nullable().default(null),
  })
  .refine((body) => body.finish >= body.start, { error: "PipeStagePeriod", path: ["finish"] });
export type PipeStageBody = z.input<typeof pipeStageBody>;

export const pipeStageParams = z.object({ id: workspaceUuid, stageId: workspaceUuid });
export const pipeRelationParams = z.object({ id: workspaceUuid, relationId: workspaceUuid });

export const pipeRelationBody = z.object({
  fromStageId: workspaceUuid,
  toStageId: workspaceUuid,
  type: z.enum(PIPE_RELATION_TYPES, { error: "InvalidValue" }).default("FS"),
  lag: z
    .number({ error: "InvalidNumber" })
    .int({ error: "InvalidNumber" })
    .min(-PIPE_MAX_LAG_DAYS, { error: "InvalidValue" })
    .max(PIPE_MAX_LAG_DAYS, { error: "InvalidValue" })
    .default(0),
});
export type PipeRelationBody = z.input<typeof pipeRelationBody>;

export const pipeSettingsBody = z.object({
  view: z.enum(PIPE_VIEWS, { error: "InvalidValue" }),
  scale: z.enum(PIPE_SCALES, { error: "InvalidValue" }),
  showDone: z.boolean({ error: "InvalidValue" }),
  /** The general WBS is recounted after each calculation of one of the project's schedules (gwbs.schema.ts). */
  gwbsCalculateAfter: z.boolean({ error: "InvalidValue" }).default(false),
});
export type PipeSettings = z.infer<typeof pipeSettingsBody>;
export const DEFAULT_PIPE_SETTINGS: PipeSettings = {
  view: "board",
  scale: "month",
  showDone: true,
  gwbsCalculateAfter: false,
};

export const pipeStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PIPE_STAGE_KINDS),
  status: z.enum(PIPE_STAGE_STATUSES),
  start: z.string(),
  finish: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PipeStage = z.infer<typeof pipeStageSchema>;

export const pipeRelationSchema = z.object({
  id: z.string(),
  fromStageId: z.string(),
  toStageId: z.string(),
  type: z.enum(PIPE_RELATION_TYPES),
  lag: z.number().int(),
});
export type PipeRelation = z.infer<typeof pipeRelationSchema>;

/** GET /projects/{id}/pipe — the whole pipeline of a project, stages by start. */
export const pipeSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  stages: z.array(pipeStageSchema),
  relations: z.array(pipeRelationSchema),
  settings: pipeSettingsBody,
  /** Whether the caller may change it (eps:write on the project). */
  canWrite: z.boolean(),
});
export type Pipe = z.infer<typeof pipeSchema>;
