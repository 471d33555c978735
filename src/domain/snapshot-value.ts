import { it } from '@/i18n/it';
import { formatDateTime, formatDay } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { formatAddress, textOf } from './snapshot';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A snapshot value as text, with no field definition to go by (a restore's fields, a rollback's changes): its shape
 * decides. A day as DD/MM/YYYY, an instant in Rome, an address by its parts, a number in Italian, a flag as Sì / No, nothing as a dash.
 */
export function formatSnapshotValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return it.values.empty;
  if (typeof value === 'boolean') return value ? it.values.yes : it.values.no;
  if (typeof value === 'string') {
    if (DAY.test(value)) return formatDay(value);
    if (DATE_TIME.test(value)) return formatDateTime(value) || value;
    return value;
  }
  // Numbers as the detail screens show them: '5,5', not '5.5'.
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'object' && !Array.isArray(value)) return formatAddress(value) || it.values.empty;
  return textOf(value);
}
