import { describe, expect, it } from 'vitest';
import { runScale } from '../../../bench/scale';

const adminUrl = process.env.TEST_DATABASE_URL;

/** `npm run bench:scale` end to end at 50,000 revisions: generate, import, COPY, every operation timed both ways. */
describe.skipIf(!adminUrl)('scale benchmark smoke run on postgres', () => {
  it('loads 50,000 revisions both ways and times every operation through the API and as raw SQL', async () => {
    const lines: string[] = [];
    const result = await runScale({
      adminUrl: adminUrl!,
      revisions: 50_000,
      calls: 20,
      log: (line) => lines.push(line),
    });
    expect(result.revisions).toBeGreaterThan(45_000);
    expect(result.importRate).toBeGreaterThan(0);
    expect(result.copyRate).toBeGreaterThan(0);
    expect(result.operations.map((o) => o.label)).toEqual([
      'contact search, 30 days, page 1',
      'contact search, 1 year, page 10',
      'case search, 90 days, filter',
      'versions at two dates',
      'differences',
      'history of one record',
    ]);
    for (const op of result.operations) {
      expect(op.api.n, op.label).toBe(20);
      expect(op.raw.n, op.label).toBe(20);
      expect(op.floor.n, op.label).toBe(20);
      expect(op.ratio, op.label).toBeGreaterThan(0);
    }
    expect(result.total.counted.n).toBe(20);
    expect(result.total.uncounted.n).toBe(20);
    const table = lines.join('\n');
    expect(table).toMatch(/\| ingest, npm run import vs COPY \| \d+ revisions\/s/);
    expect(table).toMatch(
      /exact total \(raw contact search, 30 days, page 1, .*the total costs -?[\d.]+ ms p50/,
    );
    expect(table).toMatch(
      /history of one record: HTTP [\d.]+ \/ [\d.]+ \/ [\d.]+ ms; least ratio \(HTTP p50 \+ raw p50\) \/ raw p50 = [\d.]+x; \(API p50 - HTTP p50\) \/ raw p50 = -?[\d.]+x/,
    );
  }, 120_000);
});
