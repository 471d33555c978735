import { statementsMigration } from './statements';

/** The audit log's user filter goes by the actor's id (a renamed user keeps theirs): served by an index, newest first. */
const up = [`create index audit_log_actor_id_at on audit_log (actor_user_id, at desc)`];

const down = [`drop index if exists audit_log_actor_id_at`];

export const auditActorId = statementsMigration(up, down);
