import { ApiError } from './api-client';

/**
 * The form field a 400 refused, from its `error.field` (`body.oldPassword` -> `oldPassword`,
 * `body.role.name` -> `role.name`); undefined for any other failure.
 */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field?.startsWith('body.'))
    return undefined;
  return error.field.slice('body.'.length);
}
