import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayOrDateTime,
  romeDay,
} from '../../../contract/rome-time';

describe('dates as the app, its e-mails and the audit export show them', () => {
  it('tells an instant in Rome, with summer time, to the minute or to the second', () => {
    // 23:59:59 UTC on 1 July is 01:59:59 on 2 July in Rome (UTC+2); 09:05:07 UTC on 28 November 10:05:07 (UTC+1).
    expect(formatDateTime('2026-07-01T23:59:59Z')).toBe('02/07/2026 01:59');
    expect(formatDateTimeSeconds('2026-07-01T23:59:59Z')).toBe('02/07/2026 01:59:59');
    expect(formatDateTimeSeconds(new Date('2026-11-28T09:05:07.900Z'))).toBe('28/11/2026 10:05:07');
    expect(romeDay('2026-07-01T23:59:59Z')).toBe('2026-07-02');
  });

  it('shows a calendar day as it is, and nothing for a missing or unreadable value', () => {
    expect(formatDay('2026-03-29')).toBe('29/03/2026');
    expect(formatDayOrDateTime('2026-03-29')).toBe('29/03/2026');
    expect(formatDayOrDateTime('2026-03-29T12:00:00Z')).toBe('29/03/2026 14:00');
    for (const missing of [null, undefined, '', 'not a date'])
      expect([formatDay(missing), formatDateTime(missing), formatDateTimeSeconds(missing)]).toEqual([
        '',
        '',
        '',
      ]);
  });
});
