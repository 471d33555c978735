import { z } from 'zod';
import { isWellFormedText, TEXT_ILL_FORMED_MESSAGE } from './well-formed-text';

/**
 * The bounds every input value meets before it reaches the database: ids fit the columns' `integer` (int4), text is
 * well-formed (PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate in JSON), and dates stay in years that
 * every day computation (Rome midnights, day ranges) can represent.
 */
export const DB_INT_MAX = 2_147_483_647;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** Well-formed text of at most `max` characters. */
export const textSchema = (max: number) =>
  z.string().max(max).refine(isWellFormedText, TEXT_ILL_FORMED_MESSAGE);

/** A database id in a JSON body. */
export const idSchema = z.number().int().positive().max(DB_INT_MAX);

/**
 * A whole number in a path or query string, written in decimal digits only: no sign, space, exponent, fraction or
 * hex (`Number()` would read `0x10` as 16, `1e3` as 1000 and ` 1` as 1), then bounded. Documented as the integer
 * it stands for.
 */
export const decimalParamSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, 'Expected a whole number in decimal digits')
    .pipe(z.coerce.number<string>().int().min(min).max(max))
    .meta({ type: 'integer', minimum: min, maximum: max });

/** A database id in a path or query string. */
export const idParamSchema = decimalParamSchema(1, DB_INT_MAX);

/** A 0-based page number whose offset (page x size) still fits a database integer. */
export const pageNumberSchema = decimalParamSchema(0, 1_000_000);

/** The size of a page of a list. */
export const pageSizeSchema = decimalParamSchema(1, 100);
