import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/error-codes';
import { translateErrorCode } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';

/** Codes whose message depends on the call: the app shows the server's reason, or its own text for the status. */
const GENERIC: string[] = [ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT];

describe('the Italian texts of the error codes', () => {
  it('cover every code whose meaning is fixed, the rollback ones where rollbacks are made', () => {
    const untold = Object.values(ErrorCode).filter(
      (code) => !GENERIC.includes(code) && !translateErrorCode(code) && !itRollbacks.errorCodes[code],
    );
    expect(untold).toEqual([]);
  });
});
