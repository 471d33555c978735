import { statementsMigration } from './statements';

/**
 * 'Invia QR' to a user who already signs in prepares the new TOTP secret beside the current one (sealed the same
 * way): the old authenticator keeps working until the user confirms a first code of the new one on the QR page.
 */
const up = [`alter table users add column totp_pending_secret_enc text`];

const down = [`alter table users drop column totp_pending_secret_enc`];

export const pendingSecret = statementsMigration(up, down);
