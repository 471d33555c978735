/** Refusals that several resources answer, in Salesforce's words. */
import type { SfErrorDetail } from '../salesforce-wire';

/** A record in the recycle bin answers a GET, PATCH or DELETE by Id with 404 ENTITY_IS_DELETED. */
export const entityIsDeleted = (): SfErrorDetail => ({
  errorCode: 'ENTITY_IS_DELETED',
  message: 'entity is deleted',
  fields: [],
});

export const NOT_FOUND: SfErrorDetail = {
  errorCode: 'NOT_FOUND',
  message: 'The requested resource does not exist',
};

/** Salesforce's refusal of fields the call may not set (describe's createable or updateable false). */
export const unableToWrite = (fields: string[]): SfErrorDetail => ({
  errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
  message: `Unable to create/update fields: ${fields.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
  fields,
});
