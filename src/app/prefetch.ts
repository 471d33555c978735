type Prefetch = (to: string) => void;

let prefetcher: Prefetch = () => undefined;

/** The router registers itself here, so the menu can ask for a route's code and data without importing it. */
export function setPrefetcher(fn: Prefetch): void {
  prefetcher = fn;
}

/**
 * On intent (a pointer over a link, the focus on it, a touch starting): the route's screen code and its loader's
 * read start now, so a click shows the page at once. The loader reads with stale time 0 on the navigation too, and
 * joins this read while it is still on its way (decision 012).
 */
export const prefetchOnIntent = (to: string) => {
  const start = () => prefetcher(to);
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
};
