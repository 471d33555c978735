import { describe, expect, it } from 'vitest';
import { snapshotFields } from '../../../../server/crm/crm-fields';
import { planFields, selectList, toSnapshot } from '../../../../server/crm/salesforce/field-plan';
import { parseSfDateTime } from '../../../../server/crm/salesforce-dates';
import { CITIES } from '../../../../sandbox-crm/demo/demo-catalog';
import { CASE_QUEUE_ID, generateDemoData } from '../../../../sandbox-crm/demo/demo-data';
import { currentState } from '../../../../sandbox-crm/sandbox-crm';
import { applyDemoLifeEvents } from '../../../../sandbox-crm/demo/demo-life-events';
import { SandboxRecords } from '../../../../sandbox-crm/records/sandbox-records';
import { salesforceId } from '../../../../sandbox-crm/salesforce-id';
import { compileSoql } from '../../../../sandbox-crm/soql';

const small = { users: 5, accounts: 40, cases: 90 };
/** The sandbox CRM's integration user, as it names it. */
const INTEGRATION_USER_ID = salesforceId('005', 1);

describe('demo data generator', () => {
  it('gives the same data for the same seed and counts', () => {
    const a = generateDemoData({ seed: 7, counts: small });
    const b = generateDemoData({ seed: 7, counts: small });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('gives other data for another seed', () => {
    const a = generateDemoData({ seed: 7, counts: small });
    const b = generateDemoData({ seed: 8, counts: small });
    expect(JSON.stringify(a.accounts)).not.toBe(JSON.stringify(b.accounts));
  });

  describe('the default dataset', () => {
    const started = Date.now();
    const data = generateDemoData();
    const elapsed = Date.now() - started;

    it('has at least 20 agents, 2,000 person accounts and 5,000 cases, generated in seconds', () => {
      expect(data.users.length).toBeGreaterThanOrEqual(20);
      expect(data.accounts).toHaveLength(2000);
      expect(data.cases).toHaveLength(5000);
      expect(elapsed).toBeLessThan(10_000);
    });

    it('dates every version between 2024-01-01 and 2026-10-31, oldest first, with edits after creation', () => {
      const start = Date.UTC(2024, 0, 1);
      const end = Date.UTC(2026, 10, 1);
      let edited = 0;
      for (const versions of [...data.accounts, ...data.cases]) {
        const stamps = versions.map((v) => parseSfDateTime(v.SystemModstamp)!);
        expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
        for (const t of stamps) expect(t >= start && t < end).toBe(true);
        expect(versions.every((v) => v.CreatedDate === versions[0]!.CreatedDate)).toBe(true);
        if (versions.length > 1) edited++;
      }
      expect(edited).toBeGreaterThan(5000);
    });

    it('fills every snapshot field of every version', () => {
      for (const [object, histories] of [
        ['Account', data.accounts],
        ['Case', data.cases],
      ] as const) {
        const records = new SandboxRecords(currentState(data));
        const plan = planFields(object, records.schema.fields(object));
        expect(plan.missing).toEqual([]);
        const { select } = compileSoql(
          `SELECT ${selectList(plan).join(', ')} FROM ${object}`,
          records.schema,
        );
        for (const versions of histories) {
          for (const v of versions) {
            const snapshot = toSnapshot(
              plan,
              records.answer('62.0', object, records.view(object, v), select),
            );
            const empty = snapshotFields(object).filter((f) => snapshot[f] === null || snapshot[f] === '');
            expect(empty, `${object} ${v.Id}`).toEqual([]);
          }
        }
      }
    }, 30_000);

    it('spreads what the demo users did lately over their owners: no user makes a mass change', () => {
      const records = new SandboxRecords(currentState(data));
      const before = Date.now() - 1;
      applyDemoLifeEvents(records, INTEGRATION_USER_ID);
      const done = new Map<string, number>();
      for (const object of ['Account', 'Case'] as const) {
        for (const r of records.allWithDeleted(object)) {
          if ((parseSfDateTime(r.SystemModstamp) ?? 0) < before) continue;
          const key = `${object} by ${String(r.LastModifiedById)}`;
          done.set(key, (done.get(key) ?? 0) + 1);
        }
      }
      expect([...done.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10);
      // The watch's least count for a burst (WATCH_SHARE_MIN's default) is 10 records of one object by one user.
      for (const [key, count] of done) expect(count, key).toBeLessThan(10);
      expect([...done.keys()].some((key) => key.endsWith(INTEGRATION_USER_ID))).toBe(false);
    }, 30_000);

    it('uses Salesforce-shaped ids and links each case to a contact of the same agent', () => {
      const accounts = new Map(data.accounts.map((h) => [h[0]!.Id, h[0]!]));
      expect(data.users.every((u) => /^005[a-zA-Z0-9]{15}$/.test(u.Id))).toBe(true);
      expect([...accounts.keys()].every((id) => /^001[a-zA-Z0-9]{15}$/.test(id))).toBe(true);
      for (const versions of data.cases) {
        const c = versions.at(-1)!;
        expect(c.Id).toMatch(/^500[a-zA-Z0-9]{15}$/);
        const account = accounts.get(String(c.AccountId));
        expect([account?.OwnerId, CASE_QUEUE_ID]).toContain(c.OwnerId);
        expect(c.ContactId).toBe(account?.PersonContactId);
      }
      const ids = [...data.users, ...data.accounts.map((h) => h[0]!), ...data.cases.map((h) => h[0]!)].map(
        (r) => r.Id,
      );
      expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ids.length);
    });

    it('holds realistic Italian contacts and product cases', () => {
      const caps = new Set(CITIES.map((c) => c.cap));
      const latest = data.accounts.map((h) => h.at(-1)!);
      expect(latest.every((a) => caps.has(String(a.ZIP_CODE__c)))).toBe(true);
      expect(latest.every((a) => /^\+39 3\d{2} \d{3} \d{4}$/.test(String(a.Phone)))).toBe(true);
      expect(latest.every((a) => String(a.PersonEmail).includes('@'))).toBe(true);
      expect(latest.every((a) => a.Name === `${String(a.FirstName)} ${String(a.LastName)}`)).toBe(true);
      const cases = data.cases.map((h) => h.at(-1)!);
      expect(cases.filter((c) => c.Reason === 'Feedback on Product').length).toBeGreaterThan(500);
      expect(cases.filter((c) => String(c.Description).length > 450).length).toBeGreaterThan(100);
      expect(new Set(cases.map((c) => c.CaseNumber)).size).toBe(cases.length);
    });
  });
});
