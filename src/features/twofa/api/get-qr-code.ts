import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { qrCodeSchema } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

export const getQrCode = (qrToken: string, signal?: AbortSignal) =>
  apiRequest(`/user/${encodeURIComponent(qrToken)}/qr-code`, { schema: envelopeOf(qrCodeSchema), signal });

export const qrCodeQueryOptions = (qrToken: string) =>
  queryOptions({
    queryKey: ['enrolment', 'qr-code', qrToken],
    queryFn: ({ signal }) => getQrCode(qrToken, signal),
    select: (answer) => answer.data.query,
    // A 401 here means an expired link, shown by the page; the visitor has no session to end.
    meta: { handles401: true },
    // The secret must not outlive the page in the cache.
    gcTime: 0,
  });

export const useQrCode = (qrToken: string) => useQuery(qrCodeQueryOptions(qrToken));
