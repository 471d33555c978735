import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';

/** Approva and Rifiuta for a pending request; online only, so offline they are disabled and say why. */
export function ReviewButtons({
  requestId,
  onReview,
}: {
  requestId: number;
  onReview: (approved: boolean) => void;
}) {
  const online = useOnline();
  const hint = online ? undefined : it.offline.onlineOnly;
  return (
    <>
      <Button
        disabled={!online}
        title={hint}
        aria-label={it.restores.approveOf(requestId)}
        onClick={() => onReview(true)}
      >
        <Check aria-hidden="true" />
        {it.restores.approve}
      </Button>
      <Button
        variant="destructive"
        disabled={!online}
        title={hint}
        aria-label={it.restores.rejectOf(requestId)}
        onClick={() => onReview(false)}
      >
        <X aria-hidden="true" />
        {it.restores.reject}
      </Button>
    </>
  );
}
