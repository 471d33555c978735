// Signing out clears the saved comparisons in IndexedDB, which jsdom lacks: every client test gets an in-memory one.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens render slowly in jsdom on a busy machine, the first one of a file with its lazy routes' modules: give
// findBy* and waitFor more than the default second in every client test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

// Radix Select and other popovers, and sonner's toasts (a press on one may start a swipe), call these pointer and
// scrolling APIs, which jsdom does not implement.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
