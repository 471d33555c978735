import type { Readiness } from '../../contract/health';

type SyncCheck = Readiness['checks']['sync'];

/** What /readyz reports: the database is migrated and the first CRM sync has finished. */
export class ReadinessState {
  private database: Readiness['checks']['database'] = 'pending';
  private sync: SyncCheck = 'pending';
  private progress: string | undefined;

  databaseReady(): void {
    this.database = 'ok';
  }

  databaseFailed(): void {
    this.database = 'failed';
  }

  /** `disabled` when no CRM sync runs (tests, an import-only instance). */
  syncStatus(status: SyncCheck, progress?: string): void {
    // Once the first sync is done, later runs do not make the server unready again.
    if (this.sync === 'ok' && status !== 'ok') {
      this.progress = progress;
      return;
    }
    this.sync = status;
    this.progress = progress;
  }

  snapshot(): Readiness {
    const ready = this.database === 'ok' && (this.sync === 'ok' || this.sync === 'disabled');
    return {
      ready,
      checks: { database: this.database, sync: this.sync },
      ...(this.progress ? { progress: this.progress } : {}),
    };
  }
}
