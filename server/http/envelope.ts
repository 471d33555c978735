import { STATUS_CODES } from 'node:http';
import type { Envelope, ErrorBody } from '../../contract/envelope';

const statusName = (statusCode: number) =>
  (STATUS_CODES[statusCode] ?? 'Unknown').toUpperCase().replace(/[^A-Z]+/g, '_');

export function envelope<T>(query: T, message = 'OK', statusCode = 200): Envelope<T> {
  return {
    timeStamp: new Date().toISOString(),
    statusCode,
    status: statusName(statusCode),
    message,
    data: { query },
  };
}

export function errorBody(
  statusCode: number,
  message: string,
  code: number | string,
  field?: string,
): ErrorBody {
  return {
    timeStamp: new Date().toISOString(),
    statusCode,
    status: statusName(statusCode),
    message,
    error: { code, message, ...(field === undefined ? {} : { field }) },
  };
}
