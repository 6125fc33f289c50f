import { ERROR_STATUS } from "@planum/contracts";
import { ApiRequestError, normalizeErrors } from "./api-error";
import { isNetworkFailure, markOffline, markOnline } from "./connection";
import { currentLanguage, i18n } from "./i18n";
import { getCurrentSpaceId, navigateTo } from "./navigation";
import { getToken, setLastSpaceId, setToken } from "./session-store";

export const API_PREFIX = "/api/v1";
/** Spec §9: HTTP time-out of 5 minutes. */
const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** The login call itself: a 401 is a wrong password, not an ended session. */
  isLoginCall?: boolean;
  /**
   * Read the body as a blob (avatars, downloads) or as the stream of its bytes as they arrive (a 3D model drawn
   * while it loads) instead of the JSON envelope.
   */
  responseType?: "json" | "blob" | "stream";
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = API_PREFIX + path;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Spec §4 and §8: the session-level reactions to an error answer. Returns true when the user was sent elsewhere and
 * the page that made the call needs no toast.
 */
function reactToFailure(status: number, error: ApiRequestError, options: RequestOptions, sentSpaceId: boolean) {
  if (status === 401 && !options.isLoginCall) {
    setToken(null);
    navigateTo(error.hasCode("SessionExpired") ? "/auth/idleness" : "/auth/login");
    return true;
  }
  if (status === 402) {
    setLastSpaceId(null);
    navigateTo("/auth/select-space");
    return false;
  }
  if (status === 403 && error.hasCode("IPNotAllowed")) {
    navigateTo("/error?reason=IPNotAllowed");
    return true;
  }
  if (status === 403 && error.hasCode("Forbidden") && sentSpaceId) {
    navigateTo("/error?reason=Forbidden");
    return true;
  }
  return false;
}

/**
 * The one fetch wrapper of the app: adds the token, the language and the open space, unwraps the envelope and throws
 * ApiRequestError for an error status or a `success: false` body (spec §7: a 200 with success=false is an error).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Language": currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const spaceId = getCurrentSpaceId();
  if (spaceId) headers["X-Space-Id"] = spaceId;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (options.signal?.aborted || !isNetworkFailure(error)) throw error;
    // no answer at all: the tab goes offline (one calm message, queries paused and refetched once it is back);
    // the error is marked handled so that no toast repeats what that message says
    markOffline();
    throw new ApiRequestError(0, [{ code: "UnknownException", message: i18n.t("common:connection.lost") }], true);
  }
  // any answer, even an error, means the server is there
  if (response.status < 502 || response.status > 504) markOnline();

  if (response.ok && options.responseType && options.responseType !== "json") {
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("application/json") && options.responseType === "blob") return (await response.blob()) as T;
    if (!type.includes("application/json") && response.body) return response.body as T;
  }
  const parsed = await readBody(response);
  const envelope = parsed as { success?: boolean; data?: T } | null;
  if (response.ok && envelope?.success === true) return envelope.data as T;

  const status = response.ok ? statusOfEnvelope(parsed) : response.status;
  const errors = normalizeErrors(status, parsed, response.statusText || `HTTP ${response.status}`);
  const probe = new ApiRequestError(status, errors);
  const handled = reactToFailure(status, probe, options, spaceId !== null);
  throw new ApiRequestError(status, errors, handled);
}

/** A 200 answer with success=false takes the status its first error code maps to. */
function statusOfEnvelope(body: unknown): number {
  const first = (body as { errors?: { code?: string }[] } | null)?.errors?.[0]?.code;
  return first && first in ERROR_STATUS ? ERROR_STATUS[first as keyof typeof ERROR_STATUS] : 200;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
