import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';

/**
 * 'Conferma' on the QR page: a first code of the new authenticator makes it the user's
 * (docs/product.md#enrolment-2fa-page).
 */
export const confirmEnrolment = ({ qrToken, code }: { qrToken: string; code: string }) =>
  apiRequest(`/user/${encodeURIComponent(qrToken)}/confirm`, {
    method: 'POST',
    query: { code },
    schema: envelopeOf(z.null()),
  });

export const useConfirmEnrolment = () =>
  useMutation({
    mutationFn: confirmEnrolment,
    // A 401 here is a used or expired link, shown by the page; the visitor has no session to end.
    meta: { handles401: true },
  });
