import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

type Reply = {
  id: number;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
  notification?: { channel: string; payload: string };
};
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error as the database thread reported it, with PostgreSQL's code, constraint and detail on it. */
function databaseError(reported: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(reported.message), reported);
}

/**
 * An embedded database (PGlite) running in its own worker thread: a long statement (an import batch, a sync page,
 * a search over a large book) holds that thread, never the one that answers HTTP requests. It offers the part of
 * PGlite's interface that Kysely's PGlite dialect calls (`query`, `close`) and `dumpDataDir`.
 */
export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private readonly listeners = new Map<string, (payload: string) => void>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database: kept in `dataDir`, or in memory; a new one loaded from `template`. */
  static async open(dataDir: string | undefined, template?: Blob): Promise<PGliteThread> {
    const tar = template ? await template.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, loadDataDir: tar },
      transferList: tar ? [tar] : [],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (message: { ready: boolean; error?: { message: string } }) =>
          message.ready
            ? resolve()
            : reject(databaseError(message.error ?? { message: 'PGlite did not start' })),
        );
        worker.once('error', reject);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return new PGliteThread(worker);
  }

  private settle(reply: Reply): void {
    if (reply.notification) {
      this.listeners.get(reply.notification.channel)?.(reply.notification.payload);
      return;
    }
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.error) pending.reject(databaseError(reply.error));
    else pending.resolve(reply.value);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private async call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
    return this.call({ type: 'query', sql, params });
  }

  /** LISTENs on `channel` (one listener a channel): `notify` hears each payload committed on it. */
  async listen(channel: string, notify: (payload: string) => void): Promise<void> {
    this.listeners.set(channel, notify);
    await this.call({ type: 'listen', channel });
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ type: 'dump' })]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ type: 'close' });
    this.failure ??= new Error('the database is closed');
    await this.worker.terminate();
  }

  /** For Kysely's PGlite dialect, which calls only `query` and `close` of the client it is given. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
