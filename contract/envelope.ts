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
