import { z } from "zod";
import { parseUserDate } from "./dates.js";
import { uuidField } from "./structure.schema.js";
import { hasProhibitedCharacters, NAME_MAX_LENGTH, nameField, parseNumber } from "./validation.js";

/** Attribute types a user fills in. */
export const INPUT_ATTRIBUTE_TYPES = ["number", "string", "date", "money", "percentage", "boolean", "list"] as const;
/** Attribute types the product computes (later features fill them); their values are never written by users. */
export const COMPUTED_ATTRIBUTE_TYPES = [
  "wbs-level",
  "code",
  "name",
  "start",
  "finish",
  "duration",
  "progress",
  "volume",
  "predecessors",
  "indicator",
  "measure",
  "executor",
  "price",
  "calendar",
  "status",
] as const;
export const ATTRIBUTE_TYPES = [...INPUT_ATTRIBUTE_TYPES, ...COMPUTED_ATTRIBUTE_TYPES] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export type InputAttributeType = (typeof INPUT_ATTRIBUTE_TYPES)[number];

export function isComputedType(type: string): boolean {
  return (COMPUTED_ATTRIBUTE_TYPES as readonly string[]).includes(type);
}

/** What an attribute describes: structure nodes (EPS, facilities, projects) or works of schedules. */
export const ATTRIBUTE_TARGETS = ["node", "work"] as const;
export const ATTRIBUTE_ACCESS = ["none", "read", "write"] as const;
export type AttributeAccess = (typeof ATTRIBUTE_ACCESS)[number];

const listValue = nameField;
export const attributeSettingsSchema = z
  .object({
    /** Digits after the decimal point for number, money and percentage. */
    precision: z.number().int().min(0).max(6),
    /** Unit or currency shown after the value. */
    unit: z
      .string()
      .trim()
      .max(NAME_MAX_LENGTH, { error: "MaxLength" })
      .refine((v) => !hasProhibitedCharacters(v), { error: "ProhibitedCharacters" }),
    required: z.boolean(),
  })
  .partial()
  .strict();

export const createAttributeBody = z
  .object({
    name: nameField,
    type: z.enum(ATTRIBUTE_TYPES, { error: "InvalidValue" }),
    target: z.enum(ATTRIBUTE_TARGETS, { error: "InvalidValue" }).default("node"),
    listValues: z.array(listValue).max(500).optional(),
    settings: attributeSettingsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "list" && !value.listValues?.length)
      ctx.addIssue({ code: "custom", message: "Required", path: ["listValues"] });
    if (value.listValues && new Set(value.listValues).size !== value.listValues.length)
      ctx.addIssue({ code: "custom", message: "InvalidValue", path: ["listValues"] });
  });
export type CreateAttributeBody = z.infer<typeof createAttributeBody>;

/** The type is fixed once created: stored values would stop matching it. */
export const updateAttributeBody = z.object({
  name: nameField.optional(),
  listValues: z.array(listValue).max(500).optional(),
  settings: attributeSettingsSchema.optional(),
});
export type UpdateAttributeBody = z.infer<typeof updateAttributeBody>;
export const attributeParams = z.object({ id: uuidField, attrId: uuidField });

export const attributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  target: z.enum(ATTRIBUTE_TARGETS),
  /** Where it is defined: the space, or a facility / project / node / schedule of the hierarchy. */
  scope: z.enum(["space", "node", "facility", "project", "schedule"]),
  scopeId: z.string().nullable(),
  listValues: z.array(z.string()),
  settings: attributeSettingsSchema,
  computed: z.boolean(),
  /** What the caller may do with its values. */
  access: z.enum(ATTRIBUTE_ACCESS),
});
export type AttributeDto = z.infer<typeof attributeSchema>;

/** A stored value: number for number/money/percentage, ISO text for dates, text, boolean, or a list entry. */
export type AttributeValue = string | number | boolean | null;

/**
 * Reads a value typed by a user for an attribute of the given type: numbers with comma decimals, the spec's date
 * formats, 32-character texts without prohibited characters, list entries from the list. Null clears.
 */
export function parseAttributeValue(
  type: string,
  input: unknown,
  listValues: readonly string[] = [],
):
  | { ok: true; value: AttributeValue }
  | {
      ok: false;
      code:
        | "InvalidNumber"
        | "InvalidDate"
        | "InvalidValue"
        | "MaxLength"
        | "ProhibitedCharacters"
        | "AttributeReadOnly";
    } {
  if (isComputedType(type)) return { ok: false, code: "AttributeReadOnly" };
  if (input === null || input === undefined || input === "") return { ok: true, value: null };
  switch (type) {
    case "number":
    case "money":
    case "percentage": {
      if (typeof input !== "string" && typeof input !== "number") return { ok: false, code: "InvalidNumber" };
      const value = parseNumber(input);
      if (value === null) return { ok: false, code: "InvalidNumber" };
      if (type === "percentage" && (value < 0 || value > 100)) return { ok: false, code: "InvalidValue" };
      return { ok: true, value };
    }
    case "date": {
      if (typeof input !== "string") return { ok: false, code: "InvalidDate" };
      const value = parseUserDate(input);
      return value === null ? { ok: false, code: "InvalidDate" } : { ok: true, value };
    }
    case "boolean":
      if (typeof input === "boolean") return { ok: true, value: input };
      if (input === "true" || input === "false") return { ok: true, value: input === "true" };
      return { ok: false, code: "InvalidValue" };
    case "list":
      if (typeof input !== "string" || !listValues.includes(input)) return { ok: false, code: "InvalidValue" };
      return { ok: true, value: input };
    default: {
      if (typeof input !== "string" && typeof input !== "number") return { ok: false, code: "InvalidValue" };
      const value = String(input).trim();
      if (value.length > NAME_MAX_LENGTH) return { ok: false, code: "MaxLength" };
      if (hasProhibitedCharacters(value)) return { ok: false, code: "ProhibitedCharacters" };
      return { ok: true, value: value === "" ? null : value };
    }
  }
}

export const updateValuesBody = z.object({
  values: z
    .array(z.object({ attributeId: uuidField, value: z.union([z.string(), z.number(), z.boolean(), z.null()]) }))
    .min(1, { error: "Required" })
    .max(500),
});
export type UpdateValuesBody = z.infer<typeof updateValuesBody>;

export const valuesSearchQuery = z.object({
  attributeId: uuidField,
  text: z.string().trim().min(1, { error: "Required" }).max(64, { error: "MaxLength" }),
});

export const attributeViewSettingsBody = z.object({
  /** Attribute ids in the order the node-info panel shows them. */
  order: z.array(uuidField).max(1000),
  /** Attribute ids the panel hides at this node. */
  hidden: z.array(uuidField).max(1000),
});

export const attributeAccessItem = z.object({
  attributeId: uuidField,
  access: z.enum(ATTRIBUTE_ACCESS, { error: "InvalidValue" }),
});
export const setAttributeAccessBody = z.object({
  roleId: uuidField,
  items: z.array(attributeAccessItem).min(1, { error: "Required" }).max(1000),
});
export const deleteAttributeAccessBody = z.object({ roleId: uuidField, attributeId: uuidField });
export const roleParams = z.object({ id: uuidField, roleId: uuidField });

// Answers of the attribute calls.

export const attributeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** An attribute applying at a node with the node's value. */
export const attributeWithValueSchema = attributeSchema.extend({ value: attributeValueSchema });
export type AttributeWithValue = z.infer<typeof attributeWithValueSchema>;
export const nodeValueSchema = z.object({ attributeId: z.string(), value: attributeValueSchema });
/** A node of the subtree whose value of the searched attribute matches. */
export const valueMatchSchema = z.object({
  nodeId: z.string(),
  name: z.string(),
  kind: z.enum(["node", "facility", "project"]),
  value: attributeValueSchema,
});
export type ValueMatch = z.infer<typeof valueMatchSchema>;
export const attributeViewSettingsSchema = z.object({ order: z.array(z.string()), hidden: z.array(z.string()) });
export type AttributeViewSettings = z.infer<typeof attributeViewSettingsSchema>;
