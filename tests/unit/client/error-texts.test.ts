import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/error-codes';
import { translateErrorCode } from '@/i18n/it';
import { itFourEyes } from '@/i18n/it-four-eyes';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** Codes whose message depends on the call: the app tells them by their status. */
const GENERIC: string[] = [ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT];

describe('the Italian texts of the error codes', () => {
  it('cover every code whose meaning is fixed, the rollback and four-eyes ones where reviews are made', () => {
    const untold = Object.values(ErrorCode).filter(
      (code) =>
        !GENERIC.includes(code) &&
        !translateErrorCode(code) &&
        !itRollbacks.errorCodes[code] &&
        !itFourEyes.errorCodes[code],
    );
    expect(untold).toEqual([]);
  });
});

describe('a refusal of a generic or unknown code', () => {
  const english = 'dateTo must not be before dateFrom';
  const refusal = (status: number, code?: string, field?: string) =>
    errorMessage(new ApiError(status, english, code, field));

  it('names the refused field by the label it was typed under, else by its own name', () => {
    expect(refusal(400, ErrorCode.BAD_REQUEST, 'body.dateTo')).toBe(
      'Il server ha rifiutato il valore del campo «A»: controllalo e riprova',
    );
    expect(refusal(400, ErrorCode.BAD_REQUEST, 'query.code')).toContain('«Codice»');
    expect(refusal(400, ErrorCode.BAD_REQUEST, 'body.role.name')).toContain('«Ruolo»');
    expect(refusal(400, ErrorCode.BAD_REQUEST, 'body.revisionIdList')).toContain('«revisionIdList»');
    expect(refusal(400, ErrorCode.BAD_REQUEST)).toBe(
      'Il server ha rifiutato la richiesta: controlla i dati inseriti e riprova',
    );
  });

  it('is told by its status, never by the server’s English', () => {
    expect(refusal(409, ErrorCode.CONFLICT)).toBe(
      'I dati sono stati modificati nel frattempo: aggiorna la pagina e riprova',
    );
    expect(refusal(502, 'SOMETHING_NEW')).toBe(
      "Il server non è riuscito a completare l'operazione. Riprova tra qualche istante.",
    );
    expect(refusal(500)).toBe(refusal(502, 'SOMETHING_NEW'));
    expect(refusal(422, 'SOMETHING_NEW')).toBe('Si è verificato un errore imprevisto');
    for (const status of [400, 409, 410, 422, 500, 503]) expect(refusal(status, 'X')).not.toContain(english);
  });

  it('keeps the texts of a fixed code and of a status that has its own', () => {
    expect(refusal(409, ErrorCode.DUPLICATE_REQUEST)).toBe(translateErrorCode(ErrorCode.DUPLICATE_REQUEST));
    expect(refusal(404, ErrorCode.NOT_FOUND)).toBe('Risultato non trovato');
    expect(refusal(403, ErrorCode.FORBIDDEN)).toBe('Non hai i permessi per questa operazione');
  });
});
