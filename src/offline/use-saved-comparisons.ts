import { useEffect, useState, type DependencyList } from 'react';
import { subscribeComparisons } from './comparison-store';

/**
 * What `read` answers from the saved comparisons, read again when `deps` change or the comparisons do; until the
 * first answer, `known` (what a route loader read just before), or undefined.
 */
export function useSavedComparisons<T>(
  read: () => Promise<T>,
  deps: DependencyList,
  known?: T,
): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | undefined>(() =>
    known === undefined ? undefined : { value: known },
  );
  useEffect(() => {
    let current = true;
    const run = () =>
      void read().then(
        (value) => current && setAnswer({ value }),
        () => undefined,
      );
    run();
    const unsubscribe = subscribeComparisons(run);
    return () => {
      current = false;
      unsubscribe();
    };
    // `deps` stand for what `read` reads, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return answer?.value;
}
