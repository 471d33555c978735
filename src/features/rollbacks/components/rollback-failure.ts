import { itFourEyes } from '@/i18n/it-four-eyes';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { ApiError } from '@/lib/api-client';
import { failureReason } from '@/lib/error-message';

/** Why a rollback call failed, in Italian: the rollback refusals' own texts (four eyes too), else the app's. */
export const rollbackFailure = (error: unknown): string =>
  (error instanceof ApiError &&
    typeof error.code === 'string' &&
    (itRollbacks.errorCodes[error.code] ?? itFourEyes.errorCodes[error.code])) ||
  failureReason(error);
