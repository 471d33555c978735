import { Check, X } from 'lucide-react';
import { compactButton, compactLabel } from '@/components/row-actions';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/online-status';

/**
 * Approva and Rifiuta for a pending request; online only, so offline they are disabled and say why. While the
 * outcome of the request's CRM write is being checked (`checking`) they are disabled too.
 */
export function ReviewButtons({
  requestId,
  onReview,
  compact = false,
  checking = false,
}: {
  requestId: number;
  onReview: (approved: boolean) => void;
  compact?: boolean;
  checking?: boolean;
}) {
  const online = useOnline();
  const disabledWhy = checking ? it.restores.outcomeChecking : online ? undefined : it.offline.onlineOnly;
  const button = (approved: boolean) => {
    const name = approved ? it.restores.approveOf(requestId) : it.restores.rejectOf(requestId);
    return (
      <Button
        variant={approved ? 'default' : 'destructive'}
        disabled={disabledWhy !== undefined}
        title={disabledWhy ?? (compact ? name : undefined)}
        aria-label={name}
        className={cn(compact && compactButton)}
        onClick={() => onReview(approved)}
      >
        {approved ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
        <span className={cn(compact && compactLabel)}>
          {approved ? it.restores.approve : it.restores.reject}
        </span>
      </Button>
    );
  };
  return (
    <>
      {button(true)}
      {button(false)}
    </>
  );
}
