import { z } from "zod";
import { calendarSchema } from "./workspace.schema.js";

/**
 * Answers of the `/calendars` calls (the calendar itself and the request bodies are in workspace.schema.ts, beside
 * the rest of the schedule workspace).
 */
export const calendarListSchema = z.array(calendarSchema);
/** `DELETE /calendars/{id}`: the id of the calendar deleted. */
export const calendarDeleteSchema = z.object({ id: z.string() });
export type CalendarDeleted = z.infer<typeof calendarDeleteSchema>;
