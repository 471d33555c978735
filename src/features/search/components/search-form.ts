import type { FieldErrors, Resolver } from 'react-hook-form';
import { it } from '@/i18n/it';
import { parseTypedDay, typedDayError } from '@/lib/day-input';
import type { Search, SearchBarData } from '@/domain/search-state';

/** What the bar holds: the agent id, the two dates as typed and 'Solo eliminati'. */
export type SearchFormValues = SearchBarData;

export type SearchFormErrors = Partial<Record<'form' | 'agentId' | 'dateFrom' | 'dateTo', string>>;

export type SearchValidation = { ok: true; search: Search } | { ok: false; errors: SearchFormErrors };

/**
 * docs/product.md#validation-rules: agent, start and end date are all required ('Inserisci tutti i parametri
 * di ricerca per visualizzare i dati'); the start must be before the end ('La data di inizio deve essere
 * precedente alla data di fine'). A comparison sets the version in effect at the end of the start day against
 * the one at the end of the end day (docs/product.md#version-in-effect-at-a-date), so one day compares a
 * version with itself. Typed dates must be DD/MM/YYYY within 2000-2030.
 */
export function validateSearch(values: SearchFormValues): SearchValidation {
  const missing = {
    agentId: !values.agentId,
    dateFrom: !values.dateFrom.trim(),
    dateTo: !values.dateTo.trim(),
  };
  if (missing.agentId || missing.dateFrom || missing.dateTo) {
    const errors: SearchFormErrors = { form: it.search.missingParams };
    for (const [field, isMissing] of Object.entries(missing)) {
      if (isMissing) errors[field as keyof typeof missing] = '';
    }
    return { ok: false, errors };
  }
  const from = parseTypedDay(values.dateFrom);
  const to = parseTypedDay(values.dateTo);
  if (!from.ok || !to.ok) {
    const errors: SearchFormErrors = {};
    if (!from.ok) errors.dateFrom = typedDayError(from);
    if (!to.ok) errors.dateTo = typedDayError(to);
    return { ok: false, errors };
  }
  if (from.day >= to.day)
    return { ok: false, errors: { form: it.search.startAfterEnd, dateFrom: '', dateTo: '' } };
  return {
    ok: true,
    search: { agentId: values.agentId, dateFrom: from.day, dateTo: to.day, deleted: values.deleted },
  };
}

/** `validateSearch` as react-hook-form's resolver; the form-wide message goes to `errors.root`. */
export const searchResolver: Resolver<SearchFormValues, unknown, Search> = (values) => {
  const result = validateSearch(values);
  if (result.ok) return { values: result.search, errors: {} };
  const errors: FieldErrors<SearchFormValues> = {};
  const { form, ...fields } = result.errors;
  for (const [name, message] of Object.entries(fields)) {
    errors[name as keyof SearchFormValues] = { type: 'validate', message };
  }
  // react-hook-form types `root` as a map of named errors that is also an error itself; this is the latter.
  if (form !== undefined) errors.root = { type: 'validate', message: form } as FieldErrors['root'];
  return { values: {}, errors };
};
