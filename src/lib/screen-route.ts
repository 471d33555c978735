import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { parsePageParam } from './page-param';
import { sessionStore } from './session-store';

/** What a screen's route reads on navigation, through the app's query client; it answers null, not the data. */
export type RouteRead = (args: LoaderFunctionArgs, queryClient: QueryClient) => null | Promise<null>;

/**
 * One screen of a feature, as the feature's `routes.tsx` lists it and src/app/router.tsx mounts it. The screen and
 * the read are loaded on first use, each with its own chunk, so the first page carries neither (decision 023).
 */
export type ScreenRoute = {
  path: string;
  /**
   * The roles that may open it: anyone else is sent to the home page, and the read is not even made for them (the
   * server would refuse it, and write the refusal to the audit log). Absent: anyone signed in.
   */
  allow?: (role: string) => boolean;
  /** Sign-in: a signed-in user is sent on to the page they came from instead. */
  signedOutOnly?: true;
  screen: () => Promise<ReactNode>;
  read?: () => Promise<RouteRead>;
};

/**
 * Route reads take a list from the server on every navigation to it (stale time 0), through the same query the
 * screen then shows, so the screen itself never refetches on mount or focus (docs/product.md#reading-fresh-data,
 * decision 012). Offline they read nothing: the screen shows the saved copy, or says it has none. Without a
 * session they read nothing either: the page shows sign-in, and a call without a token would only be refused with
 * 'Sessione scaduta' to someone who never signed in. A failed read is left to the screen's own error state.
 */
export const fresh = (read: () => Promise<unknown>): null => {
  // Not awaited: the page opens at once with its loading bars (or the rows it had) while the read runs, instead of
  // a blank screen on the first load; the screen's query joins this read rather than starting another.
  if (navigator.onLine && sessionStore.user()) read().catch(() => undefined);
  return null;
};

/** The page the URL's `page` parameter asks for. */
export const pageOf = (request: Request) => parsePageParam(new URL(request.url).searchParams.get('page'));
