import type { AuditDetails } from '../../contract/audit';
import type { AuditActor, AuditService } from './audit.service';

/** One entry per caller and kind of refusal in this window: a flood of refusals cannot fill the audit log. */
const WINDOW_MS = 60 * 1000;
/** Callers remembered at most; past that the memory starts again (a flood from many addresses). */
const MAX_KEYS = 10_000;

export type Refusal = {
  /** `auth.refused-forbidden`, `auth.refused-token` ... */
  action: string;
  actor: AuditActor;
  ip: string;
  details: AuditDetails;
};

/**
 * Writes refusals (403, bad or expired tokens) to the audit log, at most one a minute per action and caller: the
 * signed-in user when there is one, else the address. Behind NAT or a proxy every user shares one address, and one
 * user's refusals must not hide another's.
 */
export class RefusalAudit {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Best effort: a refusal whose audit entry cannot be written (the database is down) is still answered as such. */
  async record(refusal: Refusal, onError: (error: unknown) => void = () => {}): Promise<void> {
    const caller = refusal.actor?.userId != null ? `user:${refusal.actor.userId}` : `ip:${refusal.ip}`;
    const key = `${refusal.action}|${caller}`;
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
