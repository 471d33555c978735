/** Every rollback query lives under this key: a creation, a review or a stop refreshes them all. */
export const rollbacksQueryKey = ['rollbacks'] as const;
