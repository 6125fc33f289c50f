import { type ApiError, type ErrorCode, isErrorCode } from "@planum/contracts";

/** A failed API call: the HTTP status and the envelope's errors (never empty). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiError[];
  /** True when the client already reacted (redirect to login, idleness, error page): no toast is needed. */
  readonly handled: boolean;

  constructor(status: number, errors: ApiError[], handled = false) {
    super(errors.map((error) => `${error.code}: ${error.message}`).join("; ") || `HTTP ${status}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.errors = errors;
    this.handled = handled;
  }

  /** The server could not be reached (no answer at all): the connection message says it, not a toast. */
  get offline(): boolean {
    return this.status === 0;
  }

  hasCode(code: ErrorCode): boolean {
    return this.errors.some((error) => error.code === code);
  }
}

const STATUS_FALLBACK: Record<number, ErrorCode> = {
  400: "ValidationError",
  401: "Unauthorized",
  402: "LicenseLimit",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  413: "FileTooLarge",
  415: "UnsupportedFileType",
  429: "TooManyAttempts",
};

/** Reads the errors of an answer that may not be a proper envelope (a proxy's HTML page, an empty body…). */
export function normalizeErrors(status: number, body: unknown, fallbackMessage: string): ApiError[] {
  const raw = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(raw) && raw.length > 0) {
    return raw.map((item) => {
      const entry = item as { code?: unknown; message?: unknown; params?: unknown; error_message?: unknown };
      const code = isErrorCode(entry.code) ? entry.code : (STATUS_FALLBACK[status] ?? "UnknownException");
      const message =
        typeof entry.message === "string"
          ? entry.message
          : typeof entry.error_message === "string"
            ? entry.error_message
            : typeof entry.code === "string"
              ? entry.code
              : fallbackMessage;
      const params =
        entry.params && typeof entry.params === "object" ? (entry.params as ApiError["params"]) : undefined;
      return { code, message, params };
    });
  }
  return [{ code: STATUS_FALLBACK[status] ?? "UnknownException", message: fallbackMessage }];
}

/** Any thrown value as a list of API errors (a network failure becomes UnknownException). */
export function errorsOf(error: unknown): ApiError[] {
  if (error instanceof ApiRequestError) return error.errors;
  const message = error instanceof Error ? error.message : String(error);
  return [{ code: "UnknownException", message }];
}
