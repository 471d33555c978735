import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * `React.lazy` for a named export: a heavy part (the calendar, the agent list, a table) is downloaded when it is
 * first shown, not with the screen, which keeps the first load within the bundle budget (docs/scale.md).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // `lazy` answers a component of the same props; the cast keeps a generic component's signature for its callers.
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as M[K];
}

/**
 * `lazyNamed` with its own Suspense boundary: `fallback` stands in its place while it loads, so a part can be made
 * lazy where it is declared, without touching where it is used.
 */
export function lazyPart<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): M[K] {
  const Lazy = lazyNamed(load, name) as ComponentType<object>;
  const Part = (props: object) => createElement(Suspense, { fallback }, createElement(Lazy, props));
  // The same cast as lazyNamed's: callers keep the component's own (possibly generic) signature.
  return Part as M[K];
}
