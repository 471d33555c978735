import { z } from 'zod';
import { dateOrder, dateRangeFields } from './dates';
import { booleanParam, pageQuerySchema } from './page';

/** `sort` of the contact search: `field,asc|desc` (nulls last); anything else gives the default `creation_date,desc`. */
export const CONTACT_SORT_FIELDS = ['creation_date', 'accountName', 'countSalesforceCases', 'id'] as const;
/** `sort` of the case search: `field,asc|desc` (nulls last); anything else gives the default `createdAt,desc`. */
export const CASE_SORT_FIELDS = ['createdAt', 'caseNumber', 'description', 'id'] as const;

/**
 * `GET /api/v3/sf-user/{id}/sf-account` and `/sf-case` (every signed-in role): the agent's records that have at least
 * one revision saved within [dateFrom 00:00, dateTo 24:00) Europe/Rome, always paged (`isPaged` is ignored).
 * `filter` matches, case-insensitive, a contact's name or e-mail, or a case's number or description.
 * Default order: newest creation first. 404 for an unknown agent.
 */
export const searchQuerySchema = pageQuerySchema
  .extend({
    ...dateRangeFields,
    /** `true`: only the agent's records deleted in the CRM within the range (a `delete` revision saved in it). */
    deleted: booleanParam.default(false),
  })
  .refine(...dateOrder);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const revisionRefSchema = z.object({ id: z.number().int() });

/**
 * Whether the record still lives in the CRM (Salesforce keeps a deleted record 15 days in its recycle bin, then
 * purges it). `deletedAt`: when the CRM deleted it (ISO 8601), null while it lives. `mergedInto`: the surviving
 * record's id when it was deleted by a merge (its `MasterRecordId`), with `mergedIntoKnown` true when Storico keeps
 * revisions of the survivor, and `mergedIntoLabel` its name (a case's number) when Storico knows it. `recreatedAs`: the new id when Storico brought a purged record back by re-creating it;
 * `recreatedFrom`: on that new record, the id it replaces. A search finds both ids. `convertedAt`: when the CRM
 * made the contact (a person account) a business account by changing its record type (ISO 8601), null unless that
 * is its newest known state or a deletion followed it (then both are set); a business account is no contact, so
 * Storico keeps its history but reads no more changes of it until it is a person account again.
 */
export const recordLifeFields = {
  // Defaults read answers of servers, and offline copies, from before deletions were tracked.
  deletedAt: z.string().nullable().default(null),
  mergedInto: z.string().nullable().default(null),
  mergedIntoKnown: z.boolean().default(false),
  mergedIntoLabel: z.string().nullable().default(null),
  recreatedAs: z.string().nullable().default(null),
  recreatedFrom: z.string().nullable().default(null),
  convertedAt: z.string().nullable().default(null),
};
export const recordLifeSchema = z.object(recordLifeFields);
export type RecordLife = z.infer<typeof recordLifeSchema>;
/** The life of a record that has never been deleted. */
export const LIVE_RECORD: RecordLife = {
  deletedAt: null,
  mergedInto: null,
  mergedIntoKnown: false,
  mergedIntoLabel: null,
  recreatedAs: null,
  recreatedFrom: null,
  convertedAt: null,
};

/** A contact (person Account) row. `salesforceUser.phone/email` are the contact's own phone and e-mail. */
export const contactRowSchema = z.object({
  id: z.string(),
  /** The contact's CreatedDate in the CRM, ISO 8601. */
  creation_date: z.string().nullable(),
  accountName: z.string().nullable(),
  countSalesforceCases: z.number().int(),
  salesforceUser: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  /** The version in effect at dateFrom. */
  earlierRevisionAccount: revisionRefSchema,
  /** The version in effect at dateTo (the same id when nothing changed in the range). */
  laterRevisionAccount: revisionRefSchema,
  ...recordLifeFields,
});
export type ContactRow = z.infer<typeof contactRowSchema>;

/** A case row. `description` is the product feedback description (Product_Description__c, else Description). */
export const caseRowSchema = z.object({
  id: z.string(),
  description: z.string().nullable(),
  caseNumber: z.string().nullable(),
  createdAt: z.string().nullable(),
  salesforceUser: z.object({
    username: z.string(),
    FirstName: z.string().nullable(),
    LastName: z.string().nullable(),
  }),
  earlierRevisionCase: revisionRefSchema,
  laterRevisionCase: revisionRefSchema,
  ...recordLifeFields,
});
export type CaseRow = z.infer<typeof caseRowSchema>;
