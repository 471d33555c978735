import { describe, expect, it } from 'vitest';
import { AUDIT_DETAIL_KEYS, type AuditEntry } from '@contract/audit';
import { detailLines } from '@contract/audit-detail-lines';
import { AUDIT_DETAIL_LABELS, auditTargetText as targetText } from '@contract/audit-texts';

/** An entry as the server records it (the details' shapes are those of server/ … audit.record calls). */
const entry = (
  action: string,
  details: AuditEntry['details'],
  target: string | null = null,
  crmUserName: string | null = null,
): AuditEntry => ({
  id: 1,
  at: '2026-11-24T09:00:00.000Z',
  actorUserId: 1,
  actorUsername: 'admin',
  actorCurrentUsername: 'admin',
  action,
  target,
  ip: '10.0.0.1',
  details,
  crmUserName,
});

const lines = (e: AuditEntry) => detailLines(e).map((line) => `${line.label}: ${line.value}`);

describe("an audit entry's details", () => {
  it('names every key the server may record in Italian', () => {
    for (const key of AUDIT_DETAIL_KEYS) expect(AUDIT_DETAIL_LABELS[key], key).toMatch(/\S/);
    const labels = AUDIT_DETAIL_KEYS.map((key) => AUDIT_DETAIL_LABELS[key]);
    // Keys told apart on the screen: no two share a name.
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("tells why a signed-in caller was refused, by the refusal's code", () => {
    const refused = (error: string) =>
      lines(entry('auth.refused-forbidden', { method: 'PUT', url: '/api/v3/user/1/update-password', error }));
    expect(refused('OWN_PASSWORD_ONLY')).toContain('Errore: Password di un altro utente');
    expect(refused('FORBIDDEN')).toContain('Errore: Il ruolo non lo consente');
  });

  it("tells a user's change value by value, old → new where it changed", () => {
    const updated = entry(
      'user.updated',
      {
        before: { username: 'mrossi', email: 'm@example.it', role: 'USER_RANA' },
        after: { username: 'mrossi', email: 'mario@example.it', role: 'ADMIN' },
      },
      'user:7',
    );
    expect(lines(updated)).toEqual([
      'Username: mrossi',
      'Email: m@example.it → mario@example.it',
      'Ruolo: User Rana → Admin',
    ]);
    expect(lines(entry('user.password-set', { role: { before: 'ADMIN', after: 'USER_RANA' } }))).toEqual([
      'Ruolo: Admin → User Rana',
    ]);
  });

  it('says that a user was made at the first start, whatever its role', () => {
    const created = entry(
      'user.created',
      { role: 'USER_RANA', username: 'user_rana', bootstrap: true },
      'user:3',
    );
    expect(lines(created)).toEqual(['Username: user_rana', 'Ruolo: User Rana', 'Creato al primo avvio: Sì']);
  });

  it("names a restore's kind and fields as the record screens do", () => {
    const created = entry(
      'restore.created',
      // PostgreSQL keeps a jsonb object's keys shortest first.
      { type: 'REPORT', fields: ['Status', 'Subject'], recordId: '500A', revisionId: 42 },
      'restore-case-request:3',
    );
    expect(lines(created)).toEqual([
      'Tipo: Segnalazione',
      'Id del record: 500A',
      'Versione: 42',
      'Campi: Stato, Oggetto',
    ]);
    const applied = entry(
      'restore.applied',
      {
        forced: true,
        outcome: 'undeleted',
        written: ['PersonEmail'],
        recordId: '001A',
        appliedRevisionId: 9,
      },
      'restore-account-request:4',
    );
    expect(lines(applied)).toEqual([
      'Forzato: Sì',
      'Id del record: 001A',
      'Campi scritti: Email',
      'Versione registrata: 9',
      'Esito: Ripristinato dal cestino',
    ]);
  });

  it("tells a lock's end, count and source, and a failed sign-in's reason", () => {
    const locked = entry('auth.locked', {
      until: '2026-11-24T09:15:00.000Z',
      lockCount: 2,
      source: 'ip:10.0.0.9',
    });
    expect(lines(locked)).toEqual([
      'Provenienza: indirizzo 10.0.0.9',
      'Bloccato fino al: 24/11/2026 10:15',
      'Blocchi di fila: 2',
    ]);
    expect(lines(entry('auth.login-refused-locked', { source: 'device:abc' }))).toEqual([
      'Provenienza: browser che aveva già avuto accesso',
    ]);
    expect(lines(entry('auth.login-failed', { reason: 'bad_code' }))).toEqual(['Motivo: Codice errato']);
    expect(lines(entry('user.reset', { via: 'command line' }))).toEqual(['Tramite: riga di comando']);
  });

  it("tells a rollback record's outcome and reason as the rollback screens do, the CRM's own words kept", () => {
    const refused = entry(
      'rollback.record',
      {
        recordId: '001A',
        outcome: 'refused',
        message: 'FIELD_CUSTOM_VALIDATION_EXCEPTION: Il CAP non è valido',
        reason: 'crm-refused',
      },
      'rollback-request:5',
    );
    const said = lines(refused);
    expect(said[1]).toBe('Esito: Rifiutato');
    expect(said[2]).toMatch(/^Motivo: Il CRM ha rifiutato la modifica/);
    expect(said[3]).toBe('Messaggio: FIELD_CUSTOM_VALIDATION_EXCEPTION: Il CAP non è valido');
    const previewed = entry('rollback.previewed', {
      to: '2026-11-24T09:45:00.000Z',
      from: '2026-11-01',
      fields: ['Status'],
      object: 'Case',
      records: 12,
    });
    expect(lines(previewed)).toEqual([
      'Oggetto: Casi',
      'Dal: 01/11/2026',
      'Al: 24/11/2026 10:45',
      'Campi: Stato',
      'Numero di record: 12',
    ]);
  });

  it('shows a key or a code it has no words for as recorded, and no details as none', () => {
    expect(lines(entry('restore.created', { extra: { a: [1, 2] }, type: 'OTHER' }))).toEqual([
      'Tipo: OTHER',
      'extra: a: 1, 2',
    ]);
    expect(detailLines(entry('auth.login', null))).toEqual([]);
    // A key or a code that names something of every object is still only text.
    expect(
      lines(entry('restore.created', { type: 'toString', constructor: 'x' } as AuditEntry['details'])),
    ).toEqual(['Tipo: toString', 'constructor: x']);
    expect(targetText('constructor:1')).toBe('constructor:1');
  });
});

describe("an audit entry's target", () => {
  it('is told in Italian by its kind, an unknown kind as recorded', () => {
    expect(
      [
        'user:12',
        'account:mrossi',
        'restore-account-request:3',
        'restore-case-request:4',
        'rollback-request:5',
        'alert:6',
        'sf-user:005A1',
        'restore-case-request',
        'other:1',
        'other',
      ].map((target) => targetText(target)),
    ).toEqual([
      'Utente n. 12',
      'Account «mrossi»',
      'Richiesta di ripristino di un contatto n. 3',
      'Richiesta di ripristino di un caso n. 4',
      'Rollback n. 5',
      'Avviso n. 6',
      'Agente 005A1',
      'Nuova richiesta di ripristino di un caso',
      'other:1',
      'other',
    ]);
    expect(targetText(null)).toBe('');
  });
});

describe('the CRM user an entry is about', () => {
  it('is named where Storico knows the name, the id beside it; by id alone otherwise', () => {
    const raised = { sfUserID: '005A1', object: 'Account', changed: 60 };
    expect(lines(entry('alert.raised', raised, 'alert:6', 'Integrazione ERP'))).toContain(
      'Agente: Integrazione ERP (005A1)',
    );
    expect(lines(entry('alert.raised', raised, 'alert:6'))).toContain('Agente: 005A1');
    expect(targetText('sf-user:005A1', 'Integrazione ERP')).toBe('Agente Integrazione ERP (005A1)');
    expect(targetText('sf-user:005A1', null)).toBe('Agente 005A1');
    // Only a CRM user's target takes the name.
    expect(targetText('alert:6', 'Integrazione ERP')).toBe('Avviso n. 6');
  });
});
