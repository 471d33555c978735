import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, textSchema } from './bounds';

/** A page of results; `number` and `pageable.pageNumber` are 0-based. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
    pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }),
  });

export type Page<T> = {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
  pageable: { pageNumber: number; pageSize: number };
};

/** A boolean query parameter: `true` or `false`. */
export const booleanParam = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** The query every paged list takes (docs/product.md#paged-lists). */
export const pageQuerySchema = z.object({
  page: pageNumberSchema.default(0),
  size: pageSizeSchema.default(10),
  sort: textSchema(100).optional(),
  isPaged: booleanParam.default(true),
  filter: textSchema(300).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
