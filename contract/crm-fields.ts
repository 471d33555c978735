import { z } from 'zod';

/**
 * A field Storico keeps beyond the screens' own sections, as the org's describe shows it: `label` in the org's
 * language, `type` describe's (string, textarea, picklist, multipicklist, double, currency, percent, date, datetime,
 * boolean, reference, ...), `calculated` for a formula (shown, never written), `writable` whether a restore writes it.
 */
export const crmFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  calculated: z.boolean(),
  writable: z.boolean(),
});
export type CrmField = z.infer<typeof crmFieldSchema>;

/**
 * `GET /api/v3/revision-account/fields` and `GET /api/v3/revision-case/fields`: the fields of contacts or cases kept
 * beyond the screens' sections ('Altri campi'), in describe's order; fields no longer in the org last.
 */
export const crmFieldsSchema = z.object({ fields: z.array(crmFieldSchema) });
export type CrmFields = z.infer<typeof crmFieldsSchema>;
