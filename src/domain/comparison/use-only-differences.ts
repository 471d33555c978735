import { useCallback, useSyncExternalStore } from 'react';

/** 'Solo differenze' is a preference of this browser: every comparison on screen follows one choice. */
export const ONLY_DIFFERENCES_KEY = 'storico.compare.onlyDifferences';

const listeners = new Set<() => void>();
/** The choice made on this page, for when local storage refuses to keep it. */
let unsaved = false;

function read(): boolean {
  try {
    const kept = window.localStorage.getItem(ONLY_DIFFERENCES_KEY);
    return kept === null ? unsaved : kept === 'true';
  } catch {
    return unsaved;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether comparisons show only the fields that differ, remembered in local storage, and how to change it. */
export function useOnlyDifferences(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => {
    unsaved = next;
    try {
      window.localStorage.setItem(ONLY_DIFFERENCES_KEY, String(next));
    } catch {
      // A full or blocked storage only costs remembering the choice: this page still follows it.
    }
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}
