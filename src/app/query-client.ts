import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { it } from '@/i18n/it-first-load';
import { ApiError } from '@/lib/api-client';
import { endLocalSession } from '@/lib/end-local-session';
import { sessionStore } from '@/lib/session-store';

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers itself here so that a 401 can move the user to sign-in without a reload. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Calls marked with this meta handle their own 401 (the sign-in form: a 401 there is a wrong password or code). */
export type CallMeta = { handles401?: boolean };

function onCallError(error: unknown, meta: CallMeta | undefined, kind: 'query' | 'mutation'): void {
  if (!(error instanceof ApiError) || meta?.handles401) return;
  if (error.status === 401) {
    toast.error(kind === 'query' ? it.errors.sessionExpired : it.errors.notSignedIn, { id: 'unauthorized' });
    endLocalSession(queryClient);
    navigate('/signIn');
  } else if (error.status === 404 && kind === 'query') {
    toast.error(it.errors.notFound, { id: 'not-found' });
  }
}

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      // Kept as long as a session lasts, so the persisted lists (agents, last results) survive in the cache offline.
      gcTime: 12 * 60 * 60 * 1000,
      retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
    },
    mutations: { retry: false },
  },
  queryCache: new QueryCache({
    onError: (error, query) => onCallError(error, query.meta as CallMeta, 'query'),
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => onCallError(error, mutation.meta as CallMeta, 'mutation'),
  }),
});

// Signed out (or in as someone else) in another tab of this browser: this one forgets what it read as well.
sessionStore.onOtherTab(() => {
  queryClient.clear();
  if (!sessionStore.user()) toast(it.errors.signedOutElsewhere, { id: 'unauthorized' });
});
