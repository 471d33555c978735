// The embedded database's own thread. PGlite runs every query on the thread that calls it, so on the server's
// thread a long import or sync statement would hold every request; here it holds only this thread.
// Plain JavaScript: a worker thread starts without the TypeScript loader that tsx or vitest give the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const DATE = 1082;
// The same parsers as the in-thread database (database.ts): counts as numbers, calendar days as strings.
const parsers = { [INT8]: (value) => Number(value), [DATE]: (value) => value };

/** What a DatabaseError carries besides its message, so the caller sees the code and constraint PostgreSQL gave. */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'where',
];

const { dataDir, loadDataDir } = workerData;
const client = new PGlite(dataDir, {
  parsers,
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});

async function handle(message) {
  switch (message.type) {
    case 'query': {
      const result = await client.query(message.sql, message.params);
      return { value: { rows: result.rows, affectedRows: result.affectedRows } };
    }
    case 'listen':
      // PGlite tells its listeners while it reads a statement's answer, so a notification is posted before the
      // answer of the statement whose commit sent it.
      await client.listen(message.channel, (payload) =>
        parentPort.postMessage({ notification: { channel: message.channel, payload } }),
      );
      return { value: null };
    case 'dump': {
      const tar = await (await client.dumpDataDir('none')).arrayBuffer();
      return { value: tar, transfer: [tar] };
    }
    case 'close':
      await client.close();
      return { value: null };
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    ({ value, transfer }) => parentPort.postMessage({ id: message.id, value }, transfer ?? []),
    (error) => {
      const fields = Object.fromEntries(
        ERROR_FIELDS.filter((field) => error?.[field] !== undefined).map((field) => [field, error[field]]),
      );
      parentPort.postMessage({
        id: message.id,
        error: { message: String(error?.message ?? error), ...fields },
      });
    },
  );
});

client.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: { message: String(error?.message ?? error) } }),
);
