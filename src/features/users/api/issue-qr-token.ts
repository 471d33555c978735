import { useMutation } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { qrTokenSchema } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

/**
 * 'Invia QR': a GET by the contract, but it changes the user's secret and ends their sessions, so the screen runs
 * it as a mutation, on an explicit click, never from a cache or a retry.
 */
export const issueQrToken = (id: number) =>
  apiRequest(`/user/${id}/qr-token`, { schema: envelopeOf(qrTokenSchema) });

export const useIssueQrToken = () =>
  useMutation({ mutationFn: (id: number) => issueQrToken(id).then((answer) => answer.data.query) });
