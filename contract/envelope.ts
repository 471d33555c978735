import { z } from 'zod';

/** Every answer of /api/v3 is wrapped in this envelope; a single result sits in `data.query`. */
export const envelopeOf = <T extends z.ZodType>(query: T) =>
  z.object({
    timeStamp: z.string(),
    statusCode: z.number().int(),
    status: z.string(),
    message: z.string(),
    data: z.object({ query }),
  });

export type Envelope<T> = {
  timeStamp: string;
  statusCode: number;
  status: string;
  message: string;
  data: { query: T };
};

export const errorBodySchema = z.object({
  timeStamp: z.string(),
  statusCode: z.number().int(),
  status: z.string(),
  message: z.string(),
  error: z.object({
    /** A machine-readable code: a number for login failures (-1, -2, -3), otherwise a short key. */
    code: z.union([z.number().int(), z.string()]),
    message: z.string(),
    /** The request field that was refused, on a 400. */
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers a route documents: `errorResponses(400, 401)` is `{ 400: errorBodySchema, 401: errorBodySchema }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
