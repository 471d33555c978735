import { withConfiguredDatabase } from '../db/database-cli';
import { resetUser } from './reset-user';

const USAGE = `Usage: npm run user:reset -- USERNAME --by YOUR_USERNAME

Gives the user a new password and a new authenticator enrolment link (valid 24 h) and ends their sessions.
--by names the Storico user who runs it and receives the output (USERNAME itself for your own reset): for
FOUR_EYES_COOLDOWN_DAYS that user may not approve USERNAME's requests, as after sending them a QR.
Run it with the server's DATA_DIR (or DATABASE_URL), SECRETS_KEY and PUBLIC_URL. With the embedded database, stop
the server first: its data directory is for one process at a time.`;

/** USERNAME and `--by RUNNER`, in either order; null for anything else. */
function namesOf(args: readonly string[]): { username: string; by: string } | null {
  const at = args.indexOf('--by');
  const by = at >= 0 ? args[at + 1] : undefined;
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : [...args];
  const [username, ...extra] = rest;
  if (!username || !by || extra.length > 0 || username.startsWith('-') || by.startsWith('-')) return null;
  return { username, by };
}

/**
 * `npm run user:reset -- USERNAME --by YOUR_USERNAME`: a new password and enrolment link for one user of the
 * configured database.
 */
async function main(): Promise<number> {
  const names = namesOf(process.argv.slice(2));
  if (!names) {
    console.error(USAGE);
    return 2;
  }
  return withConfiguredDatabase({ name: 'npm run user:reset', existing: true }, async (database, config) => {
    const reset = await resetUser(database.db, config, names);
    if ('refused' in reset) {
      console.error(`No user named ${reset.refused === 'no-user' ? names.username : names.by}.`);
      return 1;
    }
    console.log(
      [
        `${reset.username} (${reset.role}): new sign-in details, shown only now.`,
        `  password:  ${reset.password}`,
        `  authenticator setup (valid 24 h): ${reset.enrolmentUrl}`,
      ].join('\n'),
    );
    return 0;
  });
}

process.exitCode = await main();
