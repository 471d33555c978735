import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it starts or stops matching (e.g. a tablet turned). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window === 'undefined' ? undefined : window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window === 'undefined' ? false : (window.matchMedia?.(query).matches ?? false)),
    () => false,
  );
}
