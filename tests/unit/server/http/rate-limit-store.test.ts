import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from '../../../../server/http/rate-limit-store';

type Store = InstanceType<ReturnType<typeof memoryRateLimitStore>>;

const hit = (store: Store, key: string) =>
  new Promise<number>((resolve, reject) =>
    store.incr(key, (error, hits) => (error ? reject(error) : resolve(hits!.current)), 60_000),
  );

describe('the memory rate-limit store', () => {
  it('counts the routes of one group together, and a route without a group alone', async () => {
    const root = new (memoryRateLimitStore())();
    const route = (url: string, groupId?: string) =>
      root.child({ routeInfo: { method: 'POST', url }, ...(groupId ? { groupId } : {}) });
    const codeA = route('/a', 'code');
    const codeB = route('/b', 'code');
    const plainA = route('/a');
    const plainB = route('/b');
    expect([
      await hit(codeA, '10.0.0.1'),
      await hit(codeB, '10.0.0.1'),
      await hit(codeA, '10.0.0.1'),
    ]).toEqual([1, 2, 3]);
    expect(await hit(codeA, '10.0.0.2')).toBe(1);
    expect([await hit(plainA, '10.0.0.1'), await hit(plainB, '10.0.0.1')]).toEqual([1, 1]);
  });

  it('keeps each app its own counts', async () => {
    const first = new (memoryRateLimitStore())().child({ groupId: 'code' });
    const second = new (memoryRateLimitStore())().child({ groupId: 'code' });
    await hit(first, '10.0.0.1');
    expect(await hit(second, '10.0.0.1')).toBe(1);
  });
});
