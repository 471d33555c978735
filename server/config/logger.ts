/** What sync and import need of a logger; the app's pino logger fits. */
export type SyncLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export const silentLogger: SyncLogger = { info() {}, warn() {}, error() {} };
