/** Dates as the app shows them (Europe/Rome), shared with the server's e-mails. */
export { formatDateTime, formatDay, formatDayOrDateTime, romeDay } from '@contract/rome-time';
