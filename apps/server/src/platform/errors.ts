import { ERROR_STATUS, type ErrorCode } from "@planum/contracts";

/** A user-facing failure: its code decides the HTTP status and the translated message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params?: Record<string, string | number>;
  readonly status: number;
  /** Several errors at once (e.g. every invalid field). */
  readonly details?: { code: ErrorCode; params?: Record<string, string | number> }[];

  constructor(
    code: ErrorCode,
    params?: Record<string, string | number>,
    details?: { code: ErrorCode; params?: Record<string, string | number> }[],
  ) {
    super(code);
    this.code = code;
    this.params = params;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const notFound = () => new AppError("NotFound");
export const forbidden = () => new AppError("Forbidden");
