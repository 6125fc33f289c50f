import type { APIRequestContext, Browser } from "@playwright/test";
import { expect } from "@playwright/test";
import { PASSWORD, registerUser } from "./planum-helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
export type Json = any;
export type Api = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) => Promise<Json>;

/**
 * A new user, signed in through the API, with a call function that sends the token (and the space, once created).
 * Tests set up their schedules this way, then drive the screen under test like a person.
 */
export async function apiUser(request: APIRequestContext, prefix: string) {
  const user = await registerUser(request, prefix);
  const login = await request.post("/api/v1/auth/login", { data: { login: user.login, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  let spaceId = "";
  const call: Api = async (method, path, data) => {
    const response = await request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}`, ...(spaceId ? { "X-Space-Id": spaceId } : {}) },
    });
    const body = await response.json();
    expect(response.ok(), JSON.stringify(body)).toBeTruthy();
    return body.data;
  };
  return {
    token,
    call,
    useSpace: (id: string) => {
      spaceId = id;
    },
  };
}

export interface ScheduleNames {
  space: string;
  facility: string;
  project: string;
  schedule: string;
}

/** A space → facility → project → schedule with an empty version "Main" starting on Monday 13.01.2025 08:00. */
export async function spaceWithSchedule(request: APIRequestContext, prefix: string, names: ScheduleNames) {
  const user = await apiUser(request, prefix);
  const { call } = user;
  const space = await call("POST", "/space/create", { name: names.space, type: "site" });
  user.useSpace(space.id);
  const facility = await call("POST", "/facilities/create", { name: names.facility });
  const project = await call("POST", `/facilities/${facility.id}/project/create`, { name: names.project });
  const schedule = await call("POST", `/projects/${project.id}/schedules/create`, { name: names.schedule });
  const version = await call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Main",
    projectStart: "2025-01-13T08:00",
  });
  return {
    token: user.token,
    call,
    spaceId: space.id as string,
    facilityId: facility.id as string,
    projectId: project.id as string,
    scheduleId: schedule.id as string,
    versionId: version.id as string,
  };
}

/** Adds a WBS item (work or summary) to a version; answers its id. */
export async function addItem(call: Api, versionId: string, body: Record<string, unknown>): Promise<number> {
  return (await call("POST", `/versions/${versionId}/wbs/create`, body)).item.id as number;
}

export interface OpenOptions {
  language: string;
  scheme?: string;
  width?: number;
  height?: number;
  /** Another server than the configured one (a test that runs its own). */
  baseURL?: string;
}

/** A browser context signed in with the token, in the language, colour scheme and width given. */
export async function openAs(browser: Browser, token: string, options: OpenOptions) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: "en-US",
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  await context.addInitScript(
    ([t, l, c]) => {
      // runs in the page; the e2e project compiles without the DOM library
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem("planum.auth-token", t);
      storage.setItem("planum.language", l);
      storage.setItem("planum.color-scheme", c);
    },
    [token, options.language, options.scheme ?? "light"],
  );
  return { context, page: await context.newPage() };
}
