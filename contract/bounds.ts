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

/** A database id in a path or query string. */
export const idParamSchema = z.coerce.number().int().positive().max(DB_INT_MAX);

/** A 0-based page number whose offset (page x size) still fits a database integer. */
export const pageNumberSchema = z.coerce.number().int().min(0).max(1_000_000);
