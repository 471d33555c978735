import { OWN_ROLLBACKS_PATH, ROLLBACK_PREPARE_PATH, ROLLBACKS_PATH } from '@/domain/rollback-link';
import { canFollowOwnRollbacks, canRequestRollback, canReviewRollbacks } from '@/domain/roles';
import type { ScreenRoute } from '@/lib/screen-route';

// The rollback screens share one chunk (components/rollback-routes.tsx): few users open them.
const screens = () => import('./components/rollback-routes');

/** 'Gestione rollback' for the reviewers, 'Le mie richieste di rollback' for USER_RANA: one screen, two views. */
export const rollbacksRoutes: ScreenRoute[] = [
  ...(
    [
      [ROLLBACKS_PATH, canReviewRollbacks, 'review'],
      [OWN_ROLLBACKS_PATH, canFollowOwnRollbacks, 'own'],
    ] as const
  ).map(([path, allow, view]) => ({
    path,
    allow,
    screen: async () => {
      const { RollbacksRoute } = await screens();
      return <RollbacksRoute view={view} />;
    },
    read: async () => (await import('./route-reads')).rollbacksRead(view),
  })),
  {
    path: ROLLBACK_PREPARE_PATH,
    allow: canRequestRollback,
    screen: async () => {
      const { RollbackPrepareRoute } = await screens();
      return <RollbackPrepareRoute />;
    },
  },
];
