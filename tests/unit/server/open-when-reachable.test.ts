import { describe, expect, it } from 'vitest';
import { openWhenReachable } from '../../../server/db/open-when-reachable';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5439'), { code: 'ECONNREFUSED' });

describe('opening a database that may not be up yet', () => {
  it('waits while it cannot be reached, longer each time, and opens it once it answers', async () => {
    let attempts = 0;
    const waits: number[] = [];
    const slept: number[] = [];
    const opened = await openWhenReachable(
      async () => {
        attempts++;
        if (attempts < 4) throw refused();
        return 'database';
      },
      (_error, delayMs) => waits.push(delayMs),
      async (ms) => void slept.push(ms),
    );
    expect(opened).toBe('database');
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(slept).toEqual(waits);
  });

  it('stops at once on a failure that waiting will not mend', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "storico"'), {
      code: '28P01',
    });
    let attempts = 0;
    await expect(
      openWhenReachable(
        async () => {
          attempts++;
          throw wrongPassword;
        },
        () => undefined,
        async () => undefined,
      ),
    ).rejects.toBe(wrongPassword);
    expect(attempts).toBe(1);
  });
});
