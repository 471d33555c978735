/**
 * Whether a restore leaves a field as the CRM has it although the version restored differs there: that version holds
 * no value for it and the org's field cannot be empty (describe's `nillable` false: a checkbox above all, a version
 * imported without it holds null there). Salesforce cannot empty such a field, so the connector does not send it.
 * One rule for what the server writes (server/write-back/restore-apply.ts) and what the app lists as written (the
 * differences' `keptByCrm`, the rollback preview), so that the two never disagree.
 */
export const keptByCrm = (restoredValue: unknown, cannotBeEmpty: boolean): boolean =>
  cannotBeEmpty && (restoredValue ?? null) === null;

/**
 * The snapshot fields no restore writes: the CRM sets its timestamps, the record's id, the case number and who
 * changed it on every write, and a name read from a related record (OwnerName, ContactName) follows its id. A
 * deleted record is brought back by undeleting or re-creating it, not by writing `IsDeleted`, and `MasterRecordId`
 * is set by a merge alone. The app never lists them as fields to restore, and a request naming only these would
 * write nothing.
 */
export const NOT_RESTORED: ReadonlySet<string> = new Set([
  'Id',
  'IsDeleted',
  'MasterRecordId',
  'CaseNumber',
  'CreatedDate',
  'LastModifiedDate',
  'SystemModstamp',
  'LastModifiedById',
  'OwnerName',
  'ContactName',
]);
