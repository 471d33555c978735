import type { FastifyReply } from 'fastify';
import type { SfErrorDetail } from '../salesforce-wire';

/**
 * Errors are arrays of {message, errorCode, fields}
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm).
 */
export const sendErrors = (reply: FastifyReply, status: number, errors: SfErrorDetail[]) =>
  reply.code(status).type('application/json').send(errors);

export type VersionParams = { version: string };

/** The API version a /services/data/vNN.N/... route was called in, without its `v`. */
export const apiVersion = (params: unknown) => (params as VersionParams).version.slice(1);

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
