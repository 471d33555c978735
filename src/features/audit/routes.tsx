import { canReadAudit } from '@/domain/roles';
import type { ScreenRoute } from '@/lib/screen-route';

/** 'Audit', for the roles that read the audit log. */
export const auditRoutes: ScreenRoute[] = [
  {
    path: '/gestione_audit',
    allow: canReadAudit,
    screen: async () => {
      const { AuditPage } = await import('./components/audit-page');
      return <AuditPage />;
    },
    read: async () => (await import('./route-reads')).auditRead,
  },
];
