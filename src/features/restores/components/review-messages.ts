import { it } from '@/i18n/it';
import { isInvalidCode } from '@/lib/error-message';

export const reviewSuccessMessage = (approved: boolean) =>
  approved ? it.restores.approved : it.restores.rejected;

/** A wrong code says so; any other failure, of an approval or a rejection alike, is an approval error. */
export const reviewErrorMessage = (error: unknown) =>
  isInvalidCode(error) ? it.restore.invalidCode : it.restores.reviewFailed;
