import type { RollbackRequest, RollbackStatus } from '../../contract/rollbacks';

/**
 * A rollback request as the API lists it, for screens fed by a fake API: one agent's contacts over 45 minutes,
 * requested by rana.operatore; approved ones are under way (12 of 340 done). `extra` sets any field.
 */
export const sampleRollback = (
  id: number,
  status: RollbackStatus,
  extra: Partial<RollbackRequest> = {},
): RollbackRequest => ({
  id,
  sfUserID: '005A1',
  agentName: 'Giulia Verdi',
  object: 'Account',
  from: '2026-11-24T08:00:00.000Z',
  to: '2026-11-24T08:45:00.000Z',
  fields: null,
  alertId: 3,
  status,
  run: status === 'APPROVED' ? 'running' : 'waiting',
  createdAt: '2026-11-24T09:00:00.000Z',
  approvedAt: status === 'PENDING' ? null : '2026-11-24T09:10:00.000Z',
  stoppedAt: null,
  finishedAt: null,
  userCreator: { id: 9, username: 'rana.operatore' },
  userReviewer: status === 'PENDING' ? null : { id: 4, username: 'giulia.bianchi' },
  stoppedBy: null,
  total: 340,
  done: status === 'APPROVED' ? 12 : 0,
  restored: status === 'APPROVED' ? 11 : 0,
  skipped: status === 'APPROVED' ? 1 : 0,
  refused: 0,
  unknown: 0,
  fourEyes: null,
  ...extra,
});
