import {
  type ApiError,
  BASE_LANGUAGE,
  type ErrorCode,
  errorMessage,
  isErrorCode,
  type Language,
  toLanguage,
} from "@planum/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors.js";

/** The language of the answer: the `X-Language` header's primary subtag, else Russian (the base language). */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["x-language"];
  return toLanguage(Array.isArray(header) ? header[0] : header) ?? BASE_LANGUAGE;
}

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Maps one zod issue to our error code: our own codes pass through, zod's generic ones get the nearest meaning. */
function issueToError(issue: ZodIssueLike, language: Language): ApiError {
  const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const ownParams = (issue.params.params ?? {}) as Record<string, string | number>;
  let code: ErrorCode;
  const params: Record<string, string | number> = { ...ownParams };
  if (isErrorCode(issue.message)) code = issue.message;
  else if (issue.keyword === "invalid_type" && issue.params.input === undefined) code = "Required";
  else if (issue.keyword === "too_big" && issue.params.origin === "string") {
    code = "MaxLength";
    params.max = Number(issue.params.maximum);
  } else if (issue.keyword === "too_small" && issue.params.origin === "string") {
    code = "MinLength";
    params.min = Number(issue.params.minimum);
  } else code = "InvalidValue";
  if (field) params.field = field;
  return { code, message: errorMessage(language, code, params), params };
}

function send(reply: FastifyReply, status: number, errors: ApiError[]) {
  return reply.status(status).header("error-type", "localized").send({ success: false, errors });
}

/** One error handler for the whole API: every failure leaves as the envelope, in the caller's language. */
export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(
      reply,
      400,
      error.validation.map((issue) => issueToError(issue as unknown as ZodIssueLike, language)),
    );
  }
  if (error instanceof AppError) {
    // "Come back in N seconds" (a busy server, too many sign-in attempts) is also said the way HTTP clients read it.
    if ((error.status === 503 || error.status === 429) && typeof error.params?.seconds === "number")
      reply.header("retry-after", String(error.params.seconds));
    const items = error.details ?? [{ code: error.code, params: error.params }];
    return send(
      reply,
      error.status,
      items.map((item, index) => ({
        code: item.code,
        message: errorMessage(language, item.code, item.params),
        ...(item.params ? { params: item.params } : {}),
        ...(index === 0 && error.data !== undefined ? { data: error.data } : {}),
      })),
    );
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413)
    return send(reply, 400, [{ code: "FileTooLarge", message: errorMessage(language, "FileTooLarge", { max: "" }) }]);
  if (status === 429)
    return send(reply, 429, [
      { code: "TooManyAttempts", message: errorMessage(language, "TooManyAttempts", { seconds: 60 }) },
    ]);
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? "NotFound" : status === 401 ? "Unauthorized" : "MalformedRequest";
    return send(reply, status, [{ code, message: errorMessage(language, code) }]);
  }
  request.log.error(error);
  return send(reply, 500, [{ code: "UnknownException", message: errorMessage(language, "UnknownException") }]);
}
