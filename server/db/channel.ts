import pg from 'pg';

/** Who hears a notification channel (PostgreSQL's LISTEN/NOTIFY). */
export type ChannelListener = {
  /** A notification's payload, in the order the database committed them. */
  notify(payload: string): void;
  /**
   * true once every later notification will be heard; false when some may be missed (the listening connection is
   * lost, or the listener is closing), until it listens again.
   */
  listening(on: boolean): void;
};

/** Stops listening; the listener is told `listening(false)`. */
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * LISTENs on PostgreSQL on a connection of its own, outside the pool: a notification is delivered only to a
 * session that is listening, between its transactions (https://www.postgresql.org/docs/current/sql-notify.html).
 * A lost connection is opened again after 1 s, then up to 30 s apart; meanwhile the listener knows it may miss
 * notifications. Resolves once the first attempt has listened or failed.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<Unlisten> {
  let current: pg.Client | undefined;
  let stopped = false;
  let delay = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    listener.listening(false);
    client.end().catch(() => undefined);
    if (stopped) return;
    timer = setTimeout(() => void start(), delay);
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  const start = async () => {
    // TCP keep-alive, so a connection that died without a word (a dropped network) is noticed and opened again.
    const client = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (current !== client) return;
    delay = FIRST_RETRY_MS;
    listener.listening(true);
  };

  await start();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    listener.listening(false);
    await client?.end().catch(() => undefined);
  };
}
