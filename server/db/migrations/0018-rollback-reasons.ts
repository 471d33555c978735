import { statementsMigration } from './statements';

/**
 * A rollback record's outcome keeps why, as a code the app says in Italian (contract/rollbacks.ts ROLLBACK_REASONS),
 * beside the server's message. Outcomes stored before have none: the app shows their message.
 */
const up = [`alter table rollback_records add column reason text`];

const down = [`alter table rollback_records drop column reason`];

export const rollbackReasons = statementsMigration(up, down);
