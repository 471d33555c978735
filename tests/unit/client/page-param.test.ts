import { describe, expect, it } from 'vitest';
import { parsePageParam } from '@/lib/page-param';

describe('the page search parameter', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['7', 7],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999999999999', 1],
  ])('reads %j as page %i', (value, page) => {
    expect(parsePageParam(value)).toBe(page);
  });
});
