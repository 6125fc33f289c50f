import { ERROR_STATUS, type ErrorCode } from "@planum/contracts";

/** A user-facing failure: its code decides the HTTP status and the translated message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params?: Record<string, string | number>;
  readonly status: number;
  /** Several errors at once (e.g. every invalid field). */
  readonly details?: { code: ErrorCode; params?: Record<string, string | number> }[];
  /** Structured data for the client beside the message, e.g. the fresh row of a stale-revision conflict. */
  readonly data?: unknown;

  constructor(
    code: ErrorCode,
    params?: Record<string, string | number>,
    details?: { code: ErrorCode; params?: Record<string, string | number> }[],
    data?: unknown,
  ) {
    super(code);
    this.code = code;
    this.params = params;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.data = data;
  }
}

export const notFound = () => new AppError("NotFound");
export const forbidden = () => new AppError("Forbidden");
