import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { sandboxConnector } from '../../support/sandbox-connector';
import { call, type Envelope } from './users';

/** A range of the demo data in which records changed. */
export const RANGE = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };

/** The body of a report (type 1) of one revision by `creatorId`, found searching `agentId` over RANGE. */
export const reportBody = (creatorId: number, agentId: string, revisionId: number) => ({
  dateFrom: `${RANGE.dateFrom}T00:00:00.000Z`,
  dateTo: `${RANGE.dateTo}T00:00:00.000Z`,
  restoreTypeId: 1,
  userCreatorId: creatorId,
  userReviewerId: 0,
  salesforceUserId: agentId,
  revisionIdList: [revisionId],
});

/** The contact's detail screen for the agent and the range, as the search opens it. */
export const contactDetailPath = (
  contactId: string,
  agentId: string,
  range: { dateFrom: string; dateTo: string } = RANGE,
) => `/contatti/${contactId}?dateFrom=${range.dateFrom}&dateTo=${range.dateTo}&agent=${agentId}`;

type Agent = { id: string };
type ContactRow = {
  id: string;
  accountName: string | null;
  earlierRevisionAccount: { id: number };
  /** Set on a contact made a business account in the CRM: nothing can be restored onto it. */
  convertedAt: string | null;
};
type Revision = { id: number; json: string };
export type Page0<T> = { content: T[] };

/** The sandbox CRM read through the connector Storico uses, so records compare in snapshot form. */
const crm = () => sandboxConnector(inject('sandboxUrl'));

/** The record as the sandbox CRM holds it now, read over its REST API. */
export const crmAccount = (id: string): Promise<Record<string, unknown>> => crm().readRecord('Account', id);

/**
 * Claims a contact for the calling test file, answering false when another file has it: the browser test files run
 * side by side on one server, and two that restore the same contact would each find the other's values. Making a
 * directory is the claim, since only one process can make it.
 */
export function claimContact(id: string): boolean {
  try {
    mkdirSync(path.join(inject('claimsDir'), id));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const fieldsOf = (list: string) =>
  list
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);

/**
 * A contact of the demo whose version at the start of RANGE differs from its latest one in at least `minFields`
 * fields the CRM accepts writes to, with that first version and those fields, claimed for the calling file; contacts
 * in `skip`, contacts other files claimed, a contact made a business account, and the burst agent's contacts (the
 * rollback test's), are passed over.
 */
export async function contactToRestore(
  token: string,
  { skip = [], minFields = 1 }: { skip?: readonly string[]; minFields?: number } = {},
) {
  const get = async <T>(path: string) => {
    const answer = await call<Envelope<T>>(path, { token });
    expect(answer.status, path).toBe(200);
    return answer.body.data.query;
  };
  const range = `dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`;
  // The contact fields a restore writes back (those the org's describe lets the connector write).
  const writable = await crm().writableFields('Account');
  for (const agent of await get<Agent[]>('/sf-user/?isPaged=false')) {
    if (agent.id === inject('burstAgent').id) continue;
    const rows = await get<Page0<ContactRow>>(`/sf-user/${agent.id}/sf-account?page=0&size=10&${range}`);
    for (const row of rows.content.filter((r) => !skip.includes(r.id) && !r.convertedAt)) {
      const [latest] = (await get<Page0<Revision>>(`/revision-account/${row.id}/history?page=0&size=1`))
        .content;
      if (!latest || latest.id === row.earlierRevisionAccount.id) continue;
      const diff = await get<{ jsonDiffProperties: string }>(
        `/revision-account/differences?firstRevisionAccountID=${row.earlierRevisionAccount.id}&secondRevisionAccountID=${latest.id}`,
      );
      const fields = fieldsOf(diff.jsonDiffProperties).filter((f) => writable.includes(f));
      if (fields.length < minFields || !claimContact(row.id)) continue;
      const [first] = (
        await get<Page0<Revision>>(`/revision-account/${row.id}/account?page=0&size=10&${range}`)
      ).content;
      expect(first?.id).toBe(row.earlierRevisionAccount.id);
      return { agent, row, fields, target: JSON.parse(first!.json) as Record<string, unknown> };
    }
  }
  throw new Error(`the demo data has no contact that changed in ${minFields} writable fields`);
}
