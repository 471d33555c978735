import { it } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { ApiError } from '@/lib/api-client';
import { failureReason } from '@/lib/error-message';

/** A snapshot value as text: an address by its parts, a flag as Sì / No, nothing as a dash. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? it.restores.yes : it.restores.no;
  if (typeof value === 'object')
    return (
      Object.values(value as Record<string, unknown>)
        .filter((part) => part !== null && part !== '')
        .join(', ') || '—'
    );
  return String(value as string | number);
}

/** Why a rollback call failed, in Italian: the rollback refusals' own texts, else the app's. */
export const rollbackFailure = (error: unknown): string =>
  (error instanceof ApiError && typeof error.code === 'string' && itRollbacks.errorCodes[error.code]) ||
  failureReason(error);
