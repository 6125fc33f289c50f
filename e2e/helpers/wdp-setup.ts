import type { APIRequestContext, Page } from "@playwright/test";
import { addItem, spaceWithSchedule } from "./workspace-setup.js";

type ScheduleNames = Parameters<typeof spaceWithSchedule>[2];

/** A WBS item to create; `under` names an item created before it (by code) as its parent. */
export type SeedItem = { code: string; type: "sum" | "work"; name: string; under?: string } & Record<string, unknown>;

/**
 * A space with one schedule whose version (starting Monday 13.01.2025) holds `items`, calculated, and the address of
 * its project's work-done plan grid. `ids` maps each item's code to its id.
 */
export async function gridSchedule(
  request: APIRequestContext,
  prefix: string,
  names: ScheduleNames,
  items: SeedItem[],
) {
  const setup = await spaceWithSchedule(request, prefix, names);
  const { call, versionId, scheduleId, spaceId } = setup;
  const ids: Record<string, number> = {};
  for (const { under, ...item } of items) {
    ids[item.code] = await addItem(call, versionId, under ? { ...item, parentId: ids[under] } : item);
  }
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  const projectId = (await call("GET", `/schedules/${scheduleId}`)).projectId as string;
  return { ...setup, ids, projectId, gridUrl: `/${spaceId}/grid/${projectId}` };
}

/** A day cell of the grid: a work's line of a data kind on a day ("YYYY-MM-DD"). */
export const gridCell = (page: Page, item: number, kind: string, day: string) =>
  page.locator(`.wg-body [data-item="${item}"][data-kind="${kind}"][data-day="${day}"]`);
/** The total of a work's line. */
export const gridTotal = (page: Page, item: number, kind: string) =>
  page.locator(`.wg-left [data-item="${item}"][data-kind="${kind}"] [data-total]`);
/** The behind / ahead mark of a work's fact line. */
export const gridPace = (page: Page, item: number) =>
  page.locator(`.wg-left [data-item="${item}"][data-kind="fact"] [data-pace]`);

/** What a spreadsheet puts on the clipboard, handed to the grid as a paste event. */
export async function pasteIntoGrid(page: Page, text: string) {
  await page.getByTestId("wdp-body").evaluate((el, data) => {
    // runs in the page; the e2e project compiles without the DOM library
    // biome-ignore lint/suspicious/noExplicitAny: the page's DataTransfer and ClipboardEvent constructors
    const dom = globalThis as any;
    const transfer = new dom.DataTransfer();
    transfer.setData("text/plain", data);
    el.dispatchEvent(new dom.ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}
