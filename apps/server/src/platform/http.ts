import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The success half of the envelope; failures are produced by the error handler alone. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

/** The instance with zod types: request bodies, params and queries are typed from their schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
