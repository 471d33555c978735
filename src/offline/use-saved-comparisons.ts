import { useEffect, useState, type DependencyList } from 'react';
import { subscribeComparisons } from './comparison-store';

/**
 * What `read` answers from the saved comparisons, read again when `deps` change or the comparisons do; undefined
 * until the first answer.
 */
export function useSavedComparisons<T>(read: () => Promise<T>, deps: DependencyList): T | undefined {
  const [answer, setAnswer] = useState<{ value: T }>();
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
