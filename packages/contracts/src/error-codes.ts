/**
 * Every error code the API answers with. One list, so the server's mapping to HTTP statuses and the web's
 * messages stay exhaustive (a new code fails type-checking until both know it).
 */
export const ERROR_CODES = [
  // validation (400)
  "ValidationError",
  "Required",
  "MaxLength",
  "MinLength",
  "ProhibitedCharacters",
  "InvalidEmail",
  "PasswordMismatch",
  "PasswordTooShort",
  "InvalidNumber",
  "InvalidDate",
  "InvalidValue",
  "InvalidCidr",
  "PrivacyPolicyNotAccepted",
  "FileTooLarge",
  "UnsupportedFileType",
  "MalformedRequest",
  "InvalidParent",
  "AttributeReadOnly",
  "InvalidMove",
  "MalformedFile",
  "FinishBeforeStart",
  "ResumeBeforeSuspend",
  "ConstraintDateRequired",
  "WdpInvalidValue",
  "WdpNegativeValue",
  "WdpFactInFuture",
  "WdpBeforeEntryPeriod",
  "WdpPlanBelowFacts",
  "WdpNoDates",
  "WdpApprovedPlanByApproval",
  // work-done plan XLSX upload: each names the refused cell
  "WdpUploadColumns",
  "WdpUploadUnknownWork",
  "WdpUploadUnknownLine",
  "WdpUploadInvalidValue",
  "WdpUploadNegativeValue",
  "WdpUploadFactInFuture",
  "WdpUploadBeforeEntryPeriod",
  "WdpUploadApprovedPlan",
  "WdpUploadWorkDisabled",
  "WdpUploadEmpty",
  // authentication (401)
  "Unauthorized",
  "WrongCredentials",
  "SessionExpired",
  // licence and limits (402)
  "LicenseLimit",
  "LicenseNotFound",
  // access (403)
  "Forbidden",
  "IPNotAllowed",
  "WrongPassword",
  "WrongSecretAnswer",
  "NoSecretQuestion",
  // not found (404)
  "NotFound",
  "SpaceNotFound",
  "UserNotFound",
  // conflict (409)
  "Conflict",
  "LoginTaken",
  "EmailTaken",
  "AlreadyMember",
  "InvalidResetToken",
  "LastOwner",
  "KeyTaken",
  "NameTaken",
  "ConfirmationRequired",
  "VersionLocked",
  "RelationLoop",
  "RelationExists",
  "CalendarInUse",
  "CalculationInProgress",
  "CalculationFailed",
  "WdpWorkDisabled",
  // rate limit (429)
  "TooManyAttempts",
  // server (500)
  "UnknownException",
  // overloaded (503): the answer carries Retry-After
  "ServerBusy",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  ValidationError: 400,
  Required: 400,
  MaxLength: 400,
  MinLength: 400,
  ProhibitedCharacters: 400,
  InvalidEmail: 400,
  PasswordMismatch: 400,
  PasswordTooShort: 400,
  InvalidNumber: 400,
  InvalidDate: 400,
  InvalidValue: 400,
  InvalidCidr: 400,
  PrivacyPolicyNotAccepted: 400,
  FileTooLarge: 400,
  UnsupportedFileType: 400,
  MalformedRequest: 400,
  Unauthorized: 401,
  WrongCredentials: 401,
  SessionExpired: 401,
  LicenseLimit: 402,
  LicenseNotFound: 402,
  Forbidden: 403,
  IPNotAllowed: 403,
  WrongPassword: 403,
  WrongSecretAnswer: 403,
  NoSecretQuestion: 403,
  NotFound: 404,
  SpaceNotFound: 404,
  UserNotFound: 404,
  Conflict: 409,
  LoginTaken: 409,
  EmailTaken: 409,
  AlreadyMember: 409,
  InvalidResetToken: 409,
  LastOwner: 409,
  KeyTaken: 409,
  NameTaken: 409,
  ConfirmationRequired: 409,
  InvalidParent: 400,
  AttributeReadOnly: 400,
  InvalidMove: 400,
  VersionLocked: 409,
  RelationLoop: 409,
  RelationExists: 409,
  CalendarInUse: 409,
  CalculationInProgress: 409,
  CalculationFailed: 409,
  TooManyAttempts: 429,
  UnknownException: 500,
  ServerBusy: 503,
  MalformedFile: 400,
  FinishBeforeStart: 400,
  ResumeBeforeSuspend: 400,
  ConstraintDateRequired: 400,
  WdpInvalidValue: 400,
  WdpNegativeValue: 400,
  WdpFactInFuture: 400,
  WdpBeforeEntryPeriod: 400,
  WdpPlanBelowFacts: 400,
  WdpNoDates: 400,
  WdpApprovedPlanByApproval: 400,
  WdpWorkDisabled: 409,
  WdpUploadColumns: 400,
  WdpUploadUnknownWork: 400,
  WdpUploadUnknownLine: 400,
  WdpUploadInvalidValue: 400,
  WdpUploadNegativeValue: 400,
  WdpUploadFactInFuture: 400,
  WdpUploadBeforeEntryPeriod: 400,
  WdpUploadApprovedPlan: 400,
  WdpUploadWorkDisabled: 400,
  WdpUploadEmpty: 400,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/** One error of the envelope `{ success: false, errors: [...] }`. */
export interface ApiError {
  code: ErrorCode;
  message: string;
  params?: Record<string, string | number>;
  /** Structured data beside the message: a stale-revision Conflict carries `{ current }`, the row as it is now. */
  data?: unknown;
}

export type ApiEnvelope<T> = { success: true; data: T } | { success: false; errors: ApiError[] };
