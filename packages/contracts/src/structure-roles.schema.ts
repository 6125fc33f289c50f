import { z } from "zod";
import { uuidField } from "./structure.schema.js";
import { isAbility, RESOURCE_ABILITIES } from "./structure-abilities.js";
import { nameField } from "./validation.js";

const abilityList = z
  .array(z.string())
  .max(100)
  .superRefine((list, ctx) => {
    list.forEach((ability, index) => {
      if (!isAbility(ability)) ctx.addIssue({ code: "custom", message: "InvalidValue", path: [index] });
    });
  });

export const createRoleBody = z.object({ name: nameField, abilities: abilityList });
export type CreateRoleBody = z.infer<typeof createRoleBody>;
export const updateRoleBody = z.object({ name: nameField.optional(), abilities: abilityList.optional() });
export const assignRoleParams = z.object({ id: z.string(), userId: uuidField });
export const assignRoleBody = z.object({ roleId: uuidField.nullable() });

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  abilities: z.array(z.string()),
  members: z.number(),
  createdAt: z.string(),
});
export type RoleDto = z.infer<typeof roleSchema>;

const resourceAbilityList = z
  .array(z.string())
  .min(1, { error: "Required" })
  .max(20)
  .superRefine((list, ctx) => {
    list.forEach((ability, index) => {
      if (!(RESOURCE_ABILITIES as string[]).includes(ability))
        ctx.addIssue({ code: "custom", message: "InvalidValue", path: [index] });
    });
  });

/** Grants widen a role's abilities below one resource (a facility, a project, a node or a schedule). */
export const grantBody = z.object({ roleId: uuidField, resourceId: uuidField, abilities: resourceAbilityList });
export const freeAbilitiesQuery = z.object({ roleId: uuidField, resourceId: uuidField.optional() });

export const FILTER_OPERATORS = [
  "lt",
  "lte",
  "gt",
  "gte",
  "eq",
  "ne",
  "exists",
  "not_exists",
  "like",
  "not_like",
  "eq_text",
  "eq_text_or_null",
  "ne_text",
  "range",
  "sum_exists",
  "sum_not_exists",
  "filter_by_list",
  "filter_by_exclude_list",
  "colors",
  "exclude_colors",
] as const;
export const FILTER_TARGETS = ["eps", "schedule", "resources", "grid"] as const;
export const FILTER_LOGIC = ["and", "or"] as const;

export const filterConditionSchema = z.object({
  /** An attribute id, or a built-in field of the target (name, key, kind…). */
  field: z.string().trim().min(1, { error: "Required" }).max(64, { error: "MaxLength" }),
  operator: z.enum(FILTER_OPERATORS, { error: "InvalidValue" }),
  value: z
    .union([z.string().max(256), z.number(), z.boolean(), z.array(z.union([z.string().max(256), z.number()])).max(500)])
    .optional(),
});

export const filterDefinitionSchema = z.object({
  logic: z.enum(FILTER_LOGIC, { error: "InvalidValue" }).default("and"),
  conditions: z.array(filterConditionSchema).max(50),
});

export const createPresetBody = z.object({
  name: nameField,
  target: z.enum(FILTER_TARGETS, { error: "InvalidValue" }),
  filter: filterDefinitionSchema,
});
export const updatePresetBody = z.object({ name: nameField.optional(), filter: filterDefinitionSchema.optional() });
export const presetsQuery = z.object({ target: z.enum(FILTER_TARGETS, { error: "InvalidValue" }).optional() });
export const setStateBody = z.object({ id: uuidField });
export const resetStateBody = z.object({ target: z.enum(FILTER_TARGETS, { error: "InvalidValue" }) });

// Answers of the role, access and filtering calls.

export const abilityInfoSchema = z.object({ ability: z.string(), description: z.string() });
export type AbilityInfo = z.infer<typeof abilityInfoSchema>;
export const roleAssignmentSchema = z.object({ userId: z.string(), roleId: z.string() });
export type RoleAssignment = z.infer<typeof roleAssignmentSchema>;
export const assignedRoleSchema = z.object({
  userId: z.string(),
  role: z.enum(["owner", "member"]),
  roleId: z.string().nullable(),
});
export type AssignedRole = z.infer<typeof assignedRoleSchema>;

/** Every role's grants on one resource (a node, facility, project or schedule). */
export const resourceGrantsSchema = z.object({
  resourceId: z.string(),
  scope: z.enum(["node", "facility", "project", "schedule"]),
  name: z.string(),
  grants: z.array(z.object({ roleId: z.string(), roleName: z.string(), abilities: z.array(z.string()) })),
});
export type ResourceGrants = z.infer<typeof resourceGrantsSchema>;

export const filterPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  target: z.enum(FILTER_TARGETS),
  filter: z.object({
    logic: z.enum(FILTER_LOGIC),
    conditions: z.array(z.object({ field: z.string(), operator: z.string(), value: z.unknown().optional() })),
  }),
  active: z.boolean(),
  createdAt: z.string(),
});
export type FilterPreset = z.infer<typeof filterPresetSchema>;
