import { withConfiguredDatabase } from '../db/database-cli';
import { resetUser } from './reset-user';

const USAGE = `Usage: npm run user:reset -- USERNAME

Gives the user a new password and a new authenticator enrolment link (valid 24 h) and ends their sessions.
Run it with the server's DATA_DIR (or DATABASE_URL), SECRETS_KEY and PUBLIC_URL. With the embedded database, stop
the server first: its data directory is for one process at a time.`;

/** `npm run user:reset -- USERNAME`: a new password and enrolment link for one user of the configured database. */
async function main(): Promise<number> {
  const username = process.argv[2];
  if (!username || username === '--help' || username === '-h') {
    console.error(USAGE);
    return 2;
  }
  return withConfiguredDatabase({ name: 'npm run user:reset', existing: true }, async (database, config) => {
    const reset = await resetUser(database.db, config, username);
    if (!reset) {
      console.error(`No user named ${username}.`);
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
