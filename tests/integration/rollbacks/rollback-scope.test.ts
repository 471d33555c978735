import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDbKinds } from '../../support/test-database';
import { messageOf, type SignedIn } from '../restores/restore-fixture';
import { rollbackApi, type RollbackFixture, STAMPS, watchedCrm } from './rollback-fixture';

/** What a rollback covers: the chosen fields, records changed by someone else, the values shown before it runs. */
describe.each(testDbKinds())("rollback of an agent's changes on %s", (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  rollbackApi(kind, 120, (api) => ({ x, rana, admin, staff } = api));

  it('writes only the chosen fields, and leaves out records changed later by someone else unless ticked', async () => {
    const agent = x.agent(2);
    const other = x.agent(3);
    const burst = await x.burst(agent, 30);
    const [kept, ticked] = burst.edited;
    x.editByOther(kept!, other, { Description: 'Modificato dopo da un collega' });
    x.editByOther(ticked!, other, { Description: 'Modificato dopo anche questo' });
    await x.f.sync();
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window, fields: ['Phone'] };

    const preview = await x.previewed(rana, scope);
    expect(preview.records).toBe(burst.edited.length);
    expect(preview.laterChanged.map((r) => r.recordId).sort()).toEqual([kept, ticked].sort());
    expect(preview.laterChanged[0]).toMatchObject({ changedBy: other.Id });
    expect(preview.fieldCounts.every((c) => c.field === 'Phone')).toBe(true);
    expect(preview.sample.every((s) => s.changes.every((c) => c.field === 'Phone'))).toBe(true);

    const stray = await x.create(rana, { ...scope, includeLaterChanged: [burst.edited[5]] }, '000000');
    expect(stray.statusCode).toBe(400);
    const created = await x.created(rana, { ...scope, includeLaterChanged: [ticked] });
    expect(created).toMatchObject({ total: burst.edited.length - 1, fields: ['Phone'] });
    const again = await x.create(rana, { ...scope, includeLaterChanged: [ticked] });
    expect([again.statusCode, messageOf(again)]).toEqual([
      409,
      'A rollback of these changes is already pending or running',
    ]);
    await x.approved(admin, created.id);

    const watched = watchedCrm(x.f.crm);
    await x.runner({ crm: watched.crm }).runUntilIdle();
    expect(watched.writes.length).toBeGreaterThan(0);
    expect(watched.writes.every((w) => w.fields.length === 1 && w.fields[0] === 'Phone')).toBe(true);
    expect(watched.writes.map((w) => w.id)).not.toContain(kept);

    for (const id of burst.edited.filter((id) => id !== kept)) {
      const now = x.sandbox.records.get('Account', id)!;
      const before = burst.before.get(id)!;
      expect(now.Phone).toEqual(before.Phone);
    }
    // Other fields the agent changed keep the agent's values.
    const untouched = burst.edited.filter((id) => {
      const now = x.sandbox.records.get('Account', id)!;
      const before = burst.before.get(id)!;
      return Object.keys(before).some((f) => !STAMPS.has(f) && f !== 'Phone' && now[f] !== before[f]);
    });
    expect(untouched.length).toBeGreaterThan(0);
    const detail = await x.detail(staff, created.id, '?size=100');
    expect(detail.outcomes.content.find((o) => o.recordId === ticked)).toMatchObject({ laterChanged: true });
    expect(detail.outcomes.content.map((o) => o.recordId)).not.toContain(kept);
  }, 120_000);

  it('lists apart a record someone else changed inside the window too, as one changed after it', async () => {
    const agent = x.agent(9);
    const burst = await x.burst(agent, 8);
    const [touched] = burst.edited;
    x.editByOther(touched!, x.agent(10), { Description: "Cambiato da un collega nell'intervallo" });
    await x.f.sync();
    // A window that ends after the colleague's change: going back to before it would undo that change too.
    const to = new Date(x.sandbox.records.now() + 60_000).toISOString();
    const preview = await x.previewed(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      from: burst.window.from,
      to,
    });
    expect(preview.records).toBe(burst.edited.length);
    expect(preview.laterChanged.map((r) => r.recordId)).toEqual([touched]);
    expect(preview.laterChanged[0]).toMatchObject({ changedBy: x.agent(10).Id });
  }, 120_000);

  it('leaves out of the preview a checkbox the version rolled back to holds no value for, as the write does', async () => {
    const agent = x.agent(15);
    const burst = await x.burst(agent, 8);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };
    const first = await x.previewed(rana, scope);
    const [record] = first.sample;
    const consentCount = (p: typeof first) =>
      p.fieldCounts.find((c) => c.field === 'Consent_Newsletter__pc')?.count ?? 0;
    // Versions imported without the checkbox hold null there; the record has a value for it now.
    await sql`update revision_accounts set json = jsonb_set(json, '{Consent_Newsletter__pc}', 'null')
      where account_id = ${record!.recordId} and saved_at < ${new Date(burst.window.from)}`.execute(x.db);
    expect(typeof x.sandbox.records.get('Account', record!.recordId)!.Consent_Newsletter__pc).toBe('boolean');

    const preview = await x.previewed(rana, scope);
    const changes = preview.sample.find((s) => s.recordId === record!.recordId)?.changes ?? [];
    expect(changes.map((c) => c.field)).not.toContain('Consent_Newsletter__pc');
    // The agent may have changed the checkbox of this record too: then it no longer counts either.
    const hadConsent = record!.changes.some((c) => c.field === 'Consent_Newsletter__pc');
    expect(consentCount(preview)).toBe(consentCount(first) - (hadConsent ? 1 : 0));
  }, 120_000);

  it('shows the reviewer what each record still to be applied gets back, within the chosen fields', async () => {
    const agent = x.agent(14);
    const burst = await x.burst(agent, 6);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };
    const preview = await x.previewed(rana, scope);
    const field = preview.fieldCounts[0]!.field;
    const created = await x.created(rana, { ...scope, fields: [field] });

    const pending = await x.detail(staff, created.id, '?size=100');
    const withChanges = pending.outcomes.content.filter((o) => o.changes.length > 0);
    expect(withChanges).toHaveLength(preview.fieldCounts[0]!.count);
    for (const o of withChanges) {
      // What the requester previewed for that field, in snapshot form (an address is one field).
      const previewed = preview.sample.find((r) => r.recordId === o.recordId)!;
      expect(o.changes).toEqual(previewed.changes.filter((c) => c.field === field));
    }

    await x.approved(admin, created.id);
    await x.runner().runUntilIdle();
    const applied = await x.detail(staff, created.id, '?size=100');
    expect(applied.outcomes.content.every((o) => o.changes.length === 0)).toBe(true);
  }, 120_000);

  it("refuses an alert about another agent's changes, naming the field", async () => {
    const agent = x.agent(13);
    const other = (await x.burst(x.agent(12), 6)).alert;
    const burst = await x.burst(agent, 6);
    // Refused before the code is checked: the code is never spent.
    const res = await x.create(
      rana,
      { sfUserID: agent.Id, object: 'Account', ...burst.window, alertId: other.id },
      '000000',
    );
    expect([res.statusCode, res.json().error]).toEqual([
      400,
      expect.objectContaining({
        field: 'body.alertId',
        message: `Alert ${other.id} is about another agent, object or window than this rollback`,
      }),
    ]);
  }, 120_000);
});
