import { describe, expect, it } from 'vitest';
import { nextDay, romeDayRange, romeMidnight } from '../../../server/db/rome-days';

describe('Rome calendar days', () => {
  it('starts a winter day at 23:00 UTC of the day before and a summer day at 22:00', () => {
    expect(romeMidnight('2025-01-15').toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(romeMidnight('2025-07-15').toISOString()).toBe('2025-07-14T22:00:00.000Z');
  });

  it('uses the offset of each day across the daylight-saving changes', () => {
    // Clocks go forward on 2025-03-30 at 02:00 and back on 2025-10-26 at 03:00: those days last 23 and 25 hours.
    expect(romeMidnight('2025-03-30').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(romeMidnight('2025-03-31').toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(romeMidnight('2025-10-26').toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(romeMidnight('2025-10-27').toISOString()).toBe('2025-10-26T23:00:00.000Z');
  });

  it('counts the next calendar day across months, years and leap days', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-02-29')).toBe('2024-03-01');
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
  });

  it('bounds a range from dateFrom 00:00 to dateTo 24:00', () => {
    expect(romeDayRange('2025-03-29', '2025-03-30')).toEqual({
      start: new Date('2025-03-28T23:00:00.000Z'),
      startDayEnd: new Date('2025-03-29T23:00:00.000Z'),
      end: new Date('2025-03-30T22:00:00.000Z'),
    });
  });
});
