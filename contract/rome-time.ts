/**
 * Dates as the app and its e-mails show them: Europe/Rome, DD/MM/YYYY and DD/MM/YYYY HH:mm. Shared by the client
 * (src/lib/dates.ts) and the server's e-mails and audit export.
 */
const TIME_ZONE = 'Europe/Rome';

const dayFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const secondsFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `YYYY-MM-DD` (the Canadian English layout is ISO 8601's). */
const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

type DateInput = string | number | Date;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A calendar day `YYYY-MM-DD` is shown as it is, without a time zone shift. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DD/MM/YYYY; '' for a missing or unreadable value. */
export function formatDay(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = DAY_ONLY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** The calendar day `YYYY-MM-DD` of an instant in Europe/Rome, as the search's days are (decision record 006). */
export const romeDay = (value: DateInput): string => isoDayFormat.format(toDate(value));

function dayAndTime(value: DateInput | null | undefined, time: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayFormat.format(date)} ${time.format(date)}`;
}

/** DD/MM/YYYY HH:mm in Europe/Rome; '' for a missing or unreadable value. */
export const formatDateTime = (value: DateInput | null | undefined): string => dayAndTime(value, timeFormat);

/** DD/MM/YYYY HH:mm:ss in Europe/Rome (the audit log's export, where one second tells entries apart). */
export const formatDateTimeSeconds = (value: DateInput | null | undefined): string =>
  dayAndTime(value, secondsFormat);

/** A calendar day as DD/MM/YYYY, an instant as DD/MM/YYYY HH:mm (a rollback's window takes either). */
export const formatDayOrDateTime = (value: string) =>
  DAY_ONLY.test(value) ? formatDay(value) : formatDateTime(value);
