/** A process that stops as the server does, for shutdown.test.ts: its stop takes `STOP_MS`, or never ends. */
import pino from 'pino';
import { stopOnSignals } from '../../../../server/app/shutdown';

const stopMs = Number(process.env.STOP_MS);
const logger = pino();
stopOnSignals(
  () => new Promise((resolve) => (Number.isFinite(stopMs) ? setTimeout(resolve, stopMs) : undefined)),
  () => logger,
);
setInterval(() => undefined, 1_000);
console.log('ready');
