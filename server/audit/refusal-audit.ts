import type { AuditDetails } from '../../contract/audit';
import type { AuditActor, AuditService } from './audit.service';

/** One entry per address and kind of refusal in this window: a flood of refusals cannot fill the audit log. */
const WINDOW_MS = 60 * 1000;
/** Addresses remembered at most; past that the memory starts again (a flood from many addresses). */
const MAX_KEYS = 10_000;

export type Refusal = {
  /** `auth.refused-forbidden`, `auth.refused-token` ... */
  action: string;
  actor: AuditActor;
  ip: string;
  details: AuditDetails;
};

/** Writes refusals (403, bad or expired tokens) to the audit log, at most one per address and action a minute. */
export class RefusalAudit {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Best effort: a refusal whose audit entry cannot be written (the database is down) is still answered as such. */
  async record(refusal: Refusal, onError: (error: unknown) => void = () => {}): Promise<void> {
    const key = `${refusal.action}|${refusal.ip}`;
    const at = this.now().getTime();
    const previous = this.last.get(key);
    if (previous !== undefined && at - previous < WINDOW_MS) return;
    if (this.last.size >= MAX_KEYS) this.last.clear();
    this.last.set(key, at);
    try {
      await this.audit.record({ ...refusal, target: null });
    } catch (error) {
      onError(error);
    }
  }
}
