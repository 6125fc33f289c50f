import { WDP_DECIMALS } from "@planum/contracts";
import type { WorkRow } from "./wdp.repo.js";

const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;
/** Day number of "YYYY-MM-DD". */
export const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
/** "YYYY-MM-DD" of a day number. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The spec's display format (DD.MM.YYYY) for messages. */
export const shown = (day: number) => {
  const iso = dateOf(day);
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
};
/** Today as a day number: the server's UTC date (as `todayAt` of platform/time.ts). */
export const today = () => Math.floor(Date.now() / DAY_MS);

/** A work as messages name it: its code and name. */
export const workName = (w: Pick<WorkRow, "code" | "name">) => (w.code ? `${w.code} ${w.name}` : w.name);
/** A quantity to the stored precision. */
export const round = (v: number) => Math.round(v * 10 ** WDP_DECIMALS) / 10 ** WDP_DECIMALS;
