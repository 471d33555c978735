import type { ApiUsage, CrmError } from '../crm-connector';
import type { SalesforceConnection, UsageObserver } from './connection';

/** After a refusal for the daily limit, the org is asked again (GET /limits) at most this often. */
const LIMIT_RECHECK_MS = 60_000;

/** The org's daily API allowance as its answers report it, and whether it is spent. */
export class ApiLimits implements UsageObserver {
  private usage: ApiUsage | null = null;
  private exceededAt: number | undefined;
  private checkedAt = 0;

  current(): ApiUsage | null {
    return this.usage;
  }

  async exceeded(connection: SalesforceConnection): Promise<boolean> {
    if (this.exceededAt === undefined) return false;
    if (Date.now() - this.checkedAt >= LIMIT_RECHECK_MS) await this.check(connection).catch(() => undefined);
    return this.exceededAt !== undefined;
  }

  async check(connection: SalesforceConnection): Promise<ApiUsage | null> {
    this.checkedAt = Date.now();
    // Limits: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
    const limits = await connection.call<{ DailyApiRequests?: { Max: number; Remaining: number } }>(
      { method: 'GET', url: '/limits' },
      'Reading the API limits',
    );
    const daily = limits.DailyApiRequests;
    if (daily) this.noteUsage({ used: daily.Max - daily.Remaining, limit: daily.Max });
    return this.usage;
  }

  noteUsage(usage: ApiUsage): void {
    this.usage = usage;
    if (usage.used < usage.limit) this.exceededAt = undefined;
  }

  /**
   * 403 REQUEST_LIMIT_EXCEEDED "TotalRequests Limit exceeded." (a SOAP fault with the same code): the org refuses
   * every call until its daily usage drops. It is not retried (jsforce retries only the statuses it is told to) and
   * the caller's run ends at once. The same code for the concurrent requests ("ConcurrentRequests",
   * "ConcurrentPerOrgLongTxn") refuses only while the org is that busy: this call fails, the daily allowance is not
   * taken for spent. Answers the error.
   */
  noteRefusal(crmError: CrmError): CrmError {
    if (
      crmError.errorCode === 'REQUEST_LIMIT_EXCEEDED' &&
      !/concurrent/i.test(crmError.errors[0]?.message ?? '')
    ) {
      this.exceededAt = Date.now();
      if (this.usage) this.usage = { ...this.usage, used: Math.max(this.usage.used, this.usage.limit) };
    }
    return crmError;
  }
}
