import type { APIRequestContext, Page } from "@playwright/test";
import { addItem, apiUser, spaceWithSchedule } from "./workspace-setup.js";

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

const DAY = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

/**
 * A site space "Стройка" (facility "Жилой дом", project "Корпус 1", schedule "Каркас") whose version starts on Monday
 * 13.01.2025 on a site calendar without Wednesday 15.01, with two works under the sum S, calculated: A10 "Бетонирование
 * плиты", five days, 100 m³, and A20 "Армирование", two days, 8 t — with `costs`, also planned costs of 1,000 and 400.
 */
export async function concreteProject(request: APIRequestContext, prefix: string, costs = false) {
  const user = await apiUser(request, prefix);
  const { call } = user;
  const space = await call("POST", "/space/create", { name: "Стройка", type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: "Жилой дом" });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: "Корпус 1" });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: "Каркас" });
  const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  const cal = await call("POST", "/calendars", {
    name: "Площадка",
    week: [DAY, DAY, DAY, DAY, DAY, [], []],
    exceptions: [{ date: "2025-01-15", intervals: [] }],
  });
  const versionId = version.id as string;
  const sum = await addItem(call, versionId, { type: "sum", name: "Монолит", code: "S" });
  const work = (code: string, name: string, duration: number, measure: string, volume: number, cost: number) =>
    addItem(call, versionId, {
      type: "work",
      name,
      code,
      parentId: sum,
      duration,
      calendarId: cal.id,
      measure,
      plannedVolume: volume,
      ...(costs ? { plannedCost: cost } : {}),
    });
  const a = await work("A10", "Бетонирование плиты", 2400, "m3", 100, 1000);
  const b = await work("A20", "Армирование", 960, "t", 8, 400);
  await call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`);
  return {
    user,
    call,
    spaceId: space.id as string,
    facilityId: facility.id as string,
    projectId: project.id as string,
    scheduleId: schedule.id as string,
    versionId,
    a,
    b,
  };
}
