import { z } from "zod";
import { parseUserDate } from "./dates.js";
import { nameField, requiredText } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Resources of a space and their assignments to works (spec §1 "resource assignments", §3 assignment, specialty,
 * user-specialty, executor; §7 Assignments, Space specialty / user-specialty, Resource, Versions assignment/wbs).
 * Quantities are in the resource's own unit (hours for labour unless the unit says otherwise); prices in the space's
 * currency per unit; dates "YYYY-MM-DD".
 */

/** P6's resource types: labour (people, crews), non-labour (equipment, machines), material. */
export const RESOURCE_KINDS = ["labor", "equipment", "material"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/**
 * How an assignment's units spread over its work's working days: the work-done plan's modes that need no extra
 * input, and P6's named resource curves (21-point profiles over the work's span, `@planum/engine` RESOURCE_CURVES).
 */
export const ASSIGNMENT_CURVES = [
  "evenly",
  "start",
  "end",
  "bell",
  "front_loaded",
  "back_loaded",
  "early_peak",
  "late_peak",
  "double_peak",
  "three_step",
  "turtle",
] as const;
export type AssignmentCurve = (typeof ASSIGNMENT_CURVES)[number];

/** Hours in a working day when units per hour (P6, MS Project) become units per day (Planum) and back. */
export const RESOURCE_HOURS_PER_DAY = 8;

const dayText = z
  .string({ error: "Required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "InvalidDate" })
  .refine((text) => parseUserDate(text) !== null, { error: "InvalidDate" });
/** A quantity: finite and never below zero (spec "Bad input": units below zero). */
const units = z
  .number({ error: "InvalidNumber" })
  .min(0, { error: "NegativeUnits" })
  .max(1e12, { error: "InvalidNumber" });
const money = z
  .number({ error: "InvalidNumber" })
  .min(0, { error: "NegativeUnits" })
  .max(1e15, { error: "InvalidNumber" });

/** A value that holds from `from` until the next period's `from`; the earliest period also holds before it. */
export const availabilityPeriodSchema = z.object({ from: dayText, maxUnitsPerDay: units });
export const ratePeriodSchema = z.object({ from: dayText, pricePerUnit: money });
export type AvailabilityPeriod = z.infer<typeof availabilityPeriodSchema>;
export type RatePeriod = z.infer<typeof ratePeriodSchema>;

/** Periods with distinct start days (two values for one day would make the day's value ambiguous). */
function periods<T extends z.ZodType<{ from: string }>>(item: T) {
  return z
    .array(item)
    .max(500)
    .superRefine((list, ctx) => {
      const days = new Set<string>();
      for (const p of list) {
        if (days.has(p.from)) ctx.addIssue({ code: "custom", message: "DuplicatePeriod", params: { from: p.from } });
        days.add(p.from);
      }
    });
}

export const resourceCodeField = requiredText({ max: 40 });

export const resourceSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  /** Unit of measure ("h", "m3", "t"…); empty = hours for labour and equipment. */
  unit: z.string(),
  calendarId: z.string().nullable(),
  /** A labour resource may be a member of the space (their timesheets feed its actual units). */
  userId: z.string().nullable(),
  specialtyId: z.string().nullable(),
  availability: z.array(availabilityPeriodSchema),
  rates: z.array(ratePeriodSchema),
  revision: z.number().int(),
});
export type Resource = z.infer<typeof resourceSchema>;
export const resourceListSchema = z.array(resourceSchema);

const resourceFields = {
  parentId: workspaceUuid.nullable().optional(),
  code: resourceCodeField,
  name: requiredText({ max: 120 }),
  kind: z.enum(RESOURCE_KINDS, { error: "InvalidValue" }),
  unit: z.string().trim().max(16, { error: "MaxLength" }).optional(),
  calendarId: workspaceUuid.nullable().optional(),
  userId: workspaceUuid.nullable().optional(),
  specialtyId: workspaceUuid.nullable().optional(),
  availability: periods(availabilityPeriodSchema).optional(),
  rates: periods(ratePeriodSchema).optional(),
};
export const createResourceBody = z.object(resourceFields);
export const updateResourceBody = z.object({
  revision: z.number().int(),
  ...resourceFields,
  code: resourceFields.code.optional(),
  name: resourceFields.name.optional(),
  kind: resourceFields.kind.optional(),
});
export type CreateResourceBody = z.infer<typeof createResourceBody>;
export type UpdateResourceBody = z.infer<typeof updateResourceBody>;

export const spaceResourceParams = z.object({ id: workspaceUuid, resourceId: workspaceUuid });
export const resourceIdParams = z.object({ id: workspaceUuid });
export const resourceDeletedSchema = z.object({ id: z.string(), assignmentsRemoved: z.number().int() });

// Specialties and who holds them (spec §3 specialty, user-specialty).
export const specialtySchema = z.object({ id: z.string(), name: z.string() });
export type Specialty = z.infer<typeof specialtySchema>;
export const specialtyBody = z.object({ name: nameField });
export const specialtyParams = z.object({ id: workspaceUuid, specialtyId: workspaceUuid });
export const userSpecialtySchema = z.object({ id: z.string(), userId: z.string(), specialtyId: z.string() });
export type UserSpecialty = z.infer<typeof userSpecialtySchema>;
export const userSpecialtyBody = z.object({ userId: workspaceUuid, specialtyId: workspaceUuid });
export const userSpecialtyParams = z.object({ id: workspaceUuid, userSpecialtyId: workspaceUuid });

/** Costs of an assignment: stored ones (a file's, kept as P6 keeps overridden costs) or units × rate by period. */
export const assignmentCostSchema = z.object({ budgeted: z.number(), actual: z.number(), remaining: z.number() });

export const assignmentSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  itemId: z.number().int(),
  resourceId: z.string(),
  budgetedUnits: z.number(),
  actualUnits: z.number(),
  remainingUnits: z.number(),
  /** Units per working day; null = budgeted units over the work's duration. */
  unitsPerDay: z.number().nullable(),
  curve: z.enum(ASSIGNMENT_CURVES),
  cost: assignmentCostSchema,
  /** Which costs came from a file rather than units × rate. */
  costStored: z.boolean(),
  revision: z.number().int(),
  resource: z.object({ code: z.string(), name: z.string(), kind: z.enum(RESOURCE_KINDS), unit: z.string() }),
  work: z.object({ code: z.string(), name: z.string() }),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export const assignmentListSchema = z.array(assignmentSchema);

const assignmentFields = {
  budgetedUnits: units.optional(),
  actualUnits: units.optional(),
  remainingUnits: units.optional(),
  unitsPerDay: units.nullable().optional(),
  curve: z.enum(ASSIGNMENT_CURVES, { error: "InvalidValue" }).optional(),
};
/** `POST /versions/{id}/assignment/wbs/save`: assigns a resource to a work. */
export const saveAssignmentBody = z.object({
  wbsId: z.number({ error: "Required" }).int({ error: "InvalidValue" }),
  resourceId: workspaceUuid,
  ...assignmentFields,
});
export type SaveAssignmentBody = z.infer<typeof saveAssignmentBody>;
export const updateAssignmentBody = z.object({ revision: z.number().int(), ...assignmentFields });
export type UpdateAssignmentBody = z.infer<typeof updateAssignmentBody>;
export const assignmentParams = z.object({ id: workspaceUuid, assignmentId: workspaceUuid });
export const versionWbsParams = z.object({ id: workspaceUuid, wbsId: z.coerce.number().int() });
export const assignmentQuery = z.object({
  versionId: workspaceUuid.optional(),
  resourceId: workspaceUuid.optional(),
});
export const assignmentDeletedSchema = z.object({ id: z.string() });

/** Executor and curator of a work (spec §3 executor; `PATCH /users/{id}/set-executor`). */
export const WORK_PEOPLE_ROLES = ["executor", "curator"] as const;
export const setExecutorBody = z.object({
  versionId: workspaceUuid,
  wbsId: z.number({ error: "Required" }).int({ error: "InvalidValue" }),
  role: z.enum(WORK_PEOPLE_ROLES, { error: "InvalidValue" }),
  /** false removes the user from that role of the work. */
  assigned: z.boolean().default(true),
});
export const workPeopleSchema = z.object({
  itemId: z.number().int(),
  executorId: z.string().nullable(),
  curatorId: z.string().nullable(),
});
export type WorkPeople = z.infer<typeof workPeopleSchema>;
