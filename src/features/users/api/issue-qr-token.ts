import { useMutation } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { qrTokenSchema } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

/**
 * 'Invia QR' prepares a new secret beside the user's own; with `reset` ('Reimposta autenticatore') it replaces it
 * and ends their sessions. A GET by the contract, but it changes the user's secret, so the screen runs it as a
 * mutation, on an explicit click, never from a cache or a retry.
 */
export const issueQrToken = ({ id, reset }: { id: number; reset: boolean }) =>
  apiRequest(`/user/${id}/qr-token`, {
    query: reset ? { reset: 'true' } : {},
    schema: envelopeOf(qrTokenSchema),
  });

export const useIssueQrToken = () =>
  useMutation({
    mutationFn: (input: { id: number; reset: boolean }) =>
      issueQrToken(input).then((answer) => answer.data.query),
  });
