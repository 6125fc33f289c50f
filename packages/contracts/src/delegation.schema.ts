import { z } from "zod";
import { wdpDay } from "./wdp.schema.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Delegation of duties (issue 17, spec §1 "delegation of duties", §6, §7 Delegation): a member hands their duties
 * to another member of the space for a period of days (both ends included). While it runs the delegate approves
 * work done and timesheets in the giver's place (recorded as "by the delegate, for the giver") and receives the
 * giver's notices of the handed duties. A person's delegations never overlap: on any day at most one delegate acts
 * for them. See docs/domain.md "Delegation".
 */
export const DELEGATION_DUTIES = ["approvals", "timesheets", "assignments", "notices"] as const;
export type DelegationDuty = (typeof DELEGATION_DUTIES)[number];
export const DELEGATION_COMMENT_MAX = 500;

/** POST /delegation — the caller hands `duties` to `toUserId` from `startsOn` to `endsOn` (YYYY-MM-DD, inclusive). */
export const delegationBody = z
  .object({
    toUserId: workspaceUuid,
    duties: z
      .array(z.enum(DELEGATION_DUTIES, { error: "InvalidValue" }))
      .min(1, { error: "DelegationNoDuties" })
      .transform((list) => DELEGATION_DUTIES.filter((duty) => list.includes(duty))),
    startsOn: wdpDay,
    endsOn: wdpDay,
    comment: z.string().trim().max(DELEGATION_COMMENT_MAX, { error: "MaxLength" }).optional(),
  })
  .refine((body) => body.endsOn >= body.startsOn, { error: "DelegationPeriod", path: ["endsOn"] });
export type DelegationBody = z.input<typeof delegationBody>;

const person = z.object({ id: z.string(), name: z.string() });
export const delegationSchema = z.object({
  id: z.string(),
  from: person,
  to: person,
  duties: z.array(z.enum(DELEGATION_DUTIES)),
  startsOn: z.string(),
  endsOn: z.string(),
  comment: z.string().nullable(),
  /** Whether today (UTC) falls within the period. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type Delegation = z.infer<typeof delegationSchema>;
export const delegationListSchema = z.array(delegationSchema);

/** Who acted for whom: the giver a delegate decided for (null when they decided in their own right). */
export const actedForSchema = person.nullable();
