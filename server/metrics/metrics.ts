import client from 'prom-client';
import type pg from 'pg';
import type { CrmObject } from '../crm/crm-connector';

/** A sync run as the sync loop reports it: its report, or null when it failed. */
export type SyncRun = {
  report: { objects: Partial<Record<CrmObject, { read: number; stored: number }>>; paused?: boolean } | null;
  ms: number;
};

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What an operator watches, in one registry per server (not prom-client's global one, so several apps in one
 * process, as in tests, keep their own counts). Node's default metrics include the event loop delay percentiles.
 */
export class Metrics {
  readonly registry = new client.Registry();

  readonly httpDuration = new client.Histogram({
    name: 'storico_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  private readonly syncRuns = new client.Counter({
    name: 'storico_sync_runs_total',
    help: 'CRM sync runs by outcome (ok, paused at the API usage limit, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly syncDuration = new client.Histogram({
    name: 'storico_sync_duration_seconds',
    help: 'Duration of CRM sync runs',
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  private readonly syncRecords = new client.Counter({
    name: 'storico_sync_records_total',
    help: 'Records the sync read from the CRM and new revisions it stored, by object',
    labelNames: ['object', 'stage'] as const,
    registers: [this.registry],
  });

  constructor() {
    client.collectDefaultMetrics({ register: this.registry, prefix: 'storico_' });
  }

  /** Bound, so the sync loop can take it as its `onRun`. */
  readonly observeSync = ({ report, ms }: SyncRun): void => {
    this.syncRuns.inc({ outcome: report === null ? 'failed' : report.paused ? 'paused' : 'ok' });
    this.syncDuration.observe(ms / 1000);
    for (const [object, counts] of Object.entries(report?.objects ?? {})) {
      this.syncRecords.inc({ object, stage: 'read' }, counts.read);
      this.syncRecords.inc({ object, stage: 'stored' }, counts.stored);
    }
  };

  /** The org's daily API usage as its last answer reported it (Sforce-Limit-Info). */
  watchCrm(crm: { apiUsage(): { used: number; limit: number } | null }): void {
    new client.Gauge({
      name: 'storico_crm_api_requests',
      help: "The CRM org's daily API requests: used and limit, as last reported",
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        const usage = crm.apiUsage();
        if (!usage) return;
        this.set({ kind: 'used' }, usage.used);
        this.set({ kind: 'limit' }, usage.limit);
      },
    });
  }

  /** Sessions known from memory (decision record 026): whether announcements are heard, and how many are known. */
  watchSessions(sessions: { cacheState(): { listening: boolean; known: number } | null }): void {
    new client.Gauge({
      name: 'storico_session_cache',
      help: 'Sessions known from memory: listening (1 while the database announcements are heard) and known',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const state = sessions.cacheState();
        if (!state) return;
        this.set({ state: 'listening' }, state.listening ? 1 : 0);
        this.set({ state: 'known' }, state.known);
      },
    });
  }

  /** PostgreSQL's connection pool: connections open, idle, and queries waiting for one. */
  watchPool(pool: pg.Pool): void {
    new client.Gauge({
      name: 'storico_db_pool_connections',
      help: 'Database pool: total and idle connections, and clients waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}
