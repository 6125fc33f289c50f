import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { z } from "zod";
import type { AccessRule } from "./access.js";

/**
 * How every route is declared: method, path, the zod schemas of what it takes and answers, the access it needs, and
 * a handler that receives the validated input and the caller's scope and returns the answer's data. The wrapper
 * checks the access, wraps the data in the envelope `{ success: true, data }` and documents all of it at
 * `/api/docs`. A handler that must answer otherwise (a file, a 304) sends through `reply` and returns it.
 *
 *   route(app, {
 *     method: "GET", url: "/versions/:id/relations", tags: ["Relations"],
 *     params: versionIdParams, query: relationsQuery, response: relationListSchema,
 *     access: rules.version("read"),
 *   }, ({ scope, query }) => service.list(scope, query.itemId));
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteSpec<P, Q, B, R extends Schema, S> {
  method: Method;
  url: string;
  tags: string[];
  summary?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The schema of `data` in the success envelope (or of the raw answer when `raw` is set). */
  response: R;
  /** The answer is not the JSON envelope (a file, a stream): `response` only documents it. */
  raw?: { contentType: string };
  access: AccessRule<S>;
  /**
   * Whether the call may change what the processes keep in memory (see ChangeClock). By default every call but GET and
   * HEAD does. `true` marks a GET that changes something (the spec has a few); `false` a call whose writes only add
   * rows no kept reading depends on (signing in adds a session and a login attempt), so a crowd signing in does not
   * make every process read every session and membership again.
   */
  writes?: boolean;
}

export interface RouteInput<P, Q, B, S> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  scope: S;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler may return: the data of the envelope, or the reply it has sent itself. */
type Answer<R extends Schema> = z.input<R> | FastifyReply;

/** The envelope of a success answer, for the API documentation and the response check. */
export function envelope<R extends Schema>(data: R) {
  return z.object({ success: z.literal(true), data });
}

/** A raw answer (a file): documented as binary, never serialized through a schema. */
export const fileAnswer = z.string().describe("file contents");

export function route<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
  S,
>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B, R, S>,
  handler: (input: RouteInput<P, Q, B, S>) => Promise<Answer<R>> | Answer<R>,
) {
  const schema: FastifySchema = {
    tags: spec.tags,
    summary: spec.summary,
    description: `Access: ${spec.access.describe}.`,
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.body && { body: spec.body }),
    ...(spec.raw ? {} : { response: { 200: envelope(spec.response) } }),
  };
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    config: { ...(spec.access.guest && { public: true }), ...(spec.writes !== undefined && { writes: spec.writes }) },
    handler: async (request, reply) => {
      const params = (request.params ?? {}) as Record<string, unknown>;
      const scope = await spec.access.check(request, params);
      const answer = await handler({
        params: params as Out<P>,
        query: request.query as Out<Q>,
        body: request.body as Out<B>,
        scope,
        request,
        reply,
      });
      if (answer === reply) return reply;
      return ok(answer);
    },
  });
}

/** Whether a call may have changed what processes keep: as its route declares, else every method but GET and HEAD. */
export function writes(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config?.writes;
  if (declared !== undefined) return declared;
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * The serializer of JSON answers. Under tests every answer is checked against its declared schema, so a route whose
 * answer drifts from its contract fails loudly; in production answers are only stringified (checking a 50k-row
 * Gantt answer would cost more than building it).
 */
export function answerSerializer(checkAnswers: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (!checkAnswers || !(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = (schema as Schema).safeParse(data);
      if (!result.success) {
        throw new Error(`Answer of ${method} ${url} does not match its schema: ${z.prettifyError(result.error)}`);
      }
      return JSON.stringify(data);
    };
  };
}

/** The success half of the envelope; failures are produced by the error handler alone. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
