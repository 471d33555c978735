import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export: a heavy part (the calendar, the agent list, a table) is downloaded when it is
 * first shown, not with the screen, which keeps the first load within the bundle budget (README).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // `lazy` answers a component of the same props; the cast keeps a generic component's signature for its callers.
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as M[K];
}
