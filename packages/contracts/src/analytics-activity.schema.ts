import { z } from "zod";
import { wdpDay } from "./wdp.schema.js";

/**
 * Activity analytics (spec §7 Activities: users-per-day, users-use-duration, user-activity/{id}, details): how the
 * members used a space, for its administrators. Days are UTC days; time in use is counted in five-minute slots with
 * at least one call.
 */

/** The longest period one question may cover. */
export const ACTIVITY_MAX_DAYS = 366;
export const ACTIVITY_SLOT_MINUTES = 5;

/** `from` and `to` are both included; by default the last 30 days. */
export const activityPeriodQuery = z.object({ from: wdpDay.optional(), to: wdpDay.optional() });
export type ActivityPeriodQuery = z.infer<typeof activityPeriodQuery>;

export const activityUserParams = z.object({ id: z.uuid({ error: "NotFound" }) });

const activityPeriod = z.object({ from: z.string(), to: z.string() });
const activityUser = z.object({ id: z.string(), name: z.string(), login: z.string() });

/** Every day of the period, those without anyone at 0. */
export const usersPerDaySchema = activityPeriod.extend({
  days: z.array(z.object({ day: z.string(), users: z.number().int(), calls: z.number().int() })),
});
export type UsersPerDay = z.infer<typeof usersPerDaySchema>;

/** The members who used the space in the period, the longest in use first. */
export const usersUseDurationSchema = activityPeriod.extend({
  users: z.array(
    activityUser.extend({
      /** Time in use: five-minute slots with a call, in minutes. */
      minutes: z.number().int(),
      days: z.number().int(),
      calls: z.number().int(),
      lastDay: z.string(),
    }),
  ),
});
export type UsersUseDuration = z.infer<typeof usersUseDurationSchema>;

const activityDay = z.object({
  day: z.string(),
  calls: z.number().int(),
  minutes: z.number().int(),
  /** "HH:MM" UTC: the start of the first slot with a call and the end of the last. */
  firstAt: z.string(),
  lastAt: z.string(),
});

/** One member's days in the period (only those with a call). */
export const userActivitySchema = activityPeriod.extend({ user: activityUser, days: z.array(activityDay) });
export type UserActivity = z.infer<typeof userActivitySchema>;

/** Each member's use of each day of the period, the latest day first, then the longest in use. */
export const activityDetailsSchema = activityPeriod.extend({
  rows: z.array(activityDay.extend({ user: activityUser })),
  /** More rows than one answer holds (ACTIVITY_DETAILS_LIMIT): ask a shorter period. */
  more: z.boolean(),
});
export const ACTIVITY_DETAILS_LIMIT = 1000;
export type ActivityDetails = z.infer<typeof activityDetailsSchema>;
