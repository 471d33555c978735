import { describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import type { SoqlError } from '../../../sandbox-crm/soql';
import { compileSoql } from '../../../sandbox-crm/soql';

const rec = (Id: string, fields: Record<string, unknown>): CrmRecord => ({ Id, ...fields });
const cases = [
  rec('500A', {
    Reason: 'Complaint',
    Status: 'New',
    Priority: 'High',
    SystemModstamp: '2025-01-02T10:00:00.000+0000',
  }),
  rec('500B', {
    Reason: 'Feedback on Product',
    Status: 'Closed',
    Priority: 'Low',
    SystemModstamp: '2024-05-02T10:00:00.000+0000',
  }),
  rec('500C', {
    Reason: 'Other',
    Status: 'Working',
    Priority: null,
    SystemModstamp: '2026-01-02T10:00:00.000+0000',
  }),
  rec('500D', {
    Reason: "O'Brien",
    Status: 'Closed',
    Priority: 'High',
    SystemModstamp: '2025-06-02T10:00:00.000+0000',
  }),
];
const run = (soql: string) => {
  const q = compileSoql(soql);
  return cases
    .filter(q.matches)
    .sort(q.compare)
    .map((r) => r.Id);
};

describe('sandbox SOQL', () => {
  it('applies AND before OR, and parentheses over both', () => {
    expect(run(`SELECT Id FROM Case WHERE Status = 'Closed' OR Status = 'New' AND Priority = 'Low'`)).toEqual(
      ['500B', '500D'],
    );
    expect(
      run(`SELECT Id FROM Case WHERE (Status = 'Closed' OR Status = 'New') AND Priority = 'High'`),
    ).toEqual(['500A', '500D']);
    expect(run(`SELECT Id FROM Case WHERE NOT (Status = 'Closed' OR Priority = null)`)).toEqual(['500A']);
  });

  it('compares date-times as times and text without case, with quotes escaped', () => {
    expect(
      run('SELECT Id FROM Case WHERE SystemModstamp >= 2025-01-02T10:00:00Z ORDER BY SystemModstamp'),
    ).toEqual(['500A', '500D', '500C']);
    expect(run(`SELECT Id FROM Case WHERE Reason = 'complaint'`)).toEqual(['500A']);
    expect(run(`SELECT Id FROM Case WHERE Reason = 'O\\'Brien'`)).toEqual(['500D']);
    expect(run(`SELECT Id FROM Case WHERE Reason IN ('Other', 'Complaint') ORDER BY Id DESC`)).toEqual([
      '500C',
      '500A',
    ]);
    expect(run(`SELECT Id FROM Case WHERE Reason LIKE 'feed%'`)).toEqual(['500B']);
  });

  it('sorts nulls first when ascending, as Salesforce does', () => {
    expect(run('SELECT Id FROM Case ORDER BY Priority, Id')).toEqual(['500C', '500A', '500D', '500B']);
    expect(run('SELECT Id FROM Case ORDER BY Priority DESC NULLS LAST, Id')).toEqual([
      '500B',
      '500A',
      '500D',
      '500C',
    ]);
  });

  it("refuses what Salesforce refuses, with Salesforce's error codes", () => {
    const code = (soql: string) => {
      try {
        compileSoql(soql);
        return 'accepted';
      } catch (error) {
        return (error as SoqlError).errorCode;
      }
    };
    expect(code('SELEC Id FROM Case')).toBe('MALFORMED_QUERY');
    expect(code('SELECT Id FROM Opportunity')).toBe('INVALID_TYPE');
    expect(code('SELECT Id, Nope__c FROM Case')).toBe('INVALID_FIELD');
    expect(code(`SELECT Id FROM Case WHERE Nope__c = 'x'`)).toBe('INVALID_FIELD');
  });
});
