import { it, translateServerMessage } from '@/i18n/it';
import { ApiError } from './api-client';

/** What to tell the user about a failed call, in Italian. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'TIMEOUT') return it.errors.timeout;
    if (error.isNetwork) return it.errors.network;
    if (error.status === 404) return it.errors.notFound;
    if (error.status === 403) return it.errors.forbidden;
    return translateServerMessage(error.message);
  }
  return it.errors.generic;
}
