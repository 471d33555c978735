import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { ToastHost } from '@/components/toast-host';
import { queryClient } from './query-client';

/** Queries marked `meta: { persist: true }` (the agents, the last result lists) survive a reload, also offline. */
const persister = createSyncStoragePersister({ storage: window.localStorage, key: 'storico-queries' });
const shouldPersist = (query: Query) =>
  query.state.status === 'success' && (query.meta as { persist?: boolean } | undefined)?.persist === true;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: 30 * 24 * 60 * 60 * 1000,
        buster: import.meta.env.VITE_BUILD_ID ?? '',
        dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
      }}
    >
      {children}
      <ToastHost />
    </PersistQueryClientProvider>
  );
}
