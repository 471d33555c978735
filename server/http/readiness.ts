import type { Readiness } from '../../contract/health';

type SyncCheck = Readiness['checks']['sync'];

/** What the CRM connector knows of the org: hidden fields and API usage. */
export type CrmFacts = {
  missingFields(): Partial<Record<string, string[]>>;
  binaryFields(): Partial<Record<string, string[]>>;
  apiUsage(): { used: number; limit: number } | null;
};

/** What /readyz reports: the database is migrated and the first CRM sync has finished. */
export class ReadinessState {
  private database: Readiness['checks']['database'] = 'pending';
  private sync: SyncCheck = 'pending';
  private progress: string | undefined;
  private crm: { facts: CrmFacts; maxUsage: number } | undefined;
  private readonly settledListeners: Array<(status: SyncCheck) => void> = [];
  private lastRun: { instance: string; startedAt: Date } | undefined;

  /** Called each time a sync run ends (well, paused or failed): work that follows a sync hangs here. */
  onSyncSettled(listener: (status: SyncCheck) => void): void {
    this.settledListeners.push(listener);
  }

  /** The CRM sync's last start, by whichever instance took it. */
  lastSync(run: { instance: string; startedAt: Date }): void {
    this.lastRun = run;
  }

  /** /readyz also shows the fields the org hides and its API usage against `maxUsage` (SF_API_MAX_USAGE). */
  watchCrm(facts: CrmFacts, maxUsage: number): void {
    this.crm = { facts, maxUsage };
  }

  databaseReady(): void {
    this.database = 'ok';
    this.progress = undefined;
  }

  databaseFailed(): void {
    this.database = 'failed';
  }

  /** The database does not answer yet: still pending, and why. */
  databaseWaiting(progress: string): void {
    this.progress = progress;
  }

  /** `disabled` when no CRM sync runs (tests, an import-only instance). */
  syncStatus(status: SyncCheck, progress?: string): void {
    if (status !== 'running' && status !== 'pending')
      for (const listener of this.settledListeners) listener(status);
    // Once the first sync is done, later runs do not make the server unready again.
    if (this.sync === 'ok' && status !== 'ok') {
      this.progress = progress;
      return;
    }
    this.sync = status;
    this.progress = progress;
  }

  /** `details`: with which instance synced last, the org's hidden fields and its API usage (an operator's view). */
  snapshot(details = true): Readiness {
    const ready = this.database === 'ok' && (this.sync === 'ok' || this.sync === 'disabled');
    return {
      ready,
      checks: { database: this.database, sync: this.sync },
      ...(this.progress ? { progress: this.progress } : {}),
      ...(details ? this.details() : {}),
    };
  }

  private details(): Partial<Readiness> {
    const missing = this.crm?.facts.missingFields() ?? {};
    const usage = this.crm?.facts.apiUsage();
    return {
      ...(this.lastRun
        ? { lastSync: { instance: this.lastRun.instance, startedAt: this.lastRun.startedAt.toISOString() } }
        : {}),
      ...(this.crm
        ? {
            missingFields: Object.fromEntries(Object.entries(missing)) as Record<string, string[]>,
            binaryFields: Object.fromEntries(Object.entries(this.crm.facts.binaryFields())) as Record<
              string,
              string[]
            >,
          }
        : {}),
      ...(usage && this.crm
        ? {
            apiUsage: {
              ...usage,
              fraction: usage.limit > 0 ? usage.used / usage.limit : 0,
              max: this.crm.maxUsage,
            },
          }
        : {}),
    };
  }
}
