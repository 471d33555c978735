import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itFourEyes } from '@/i18n/it-four-eyes';
import { itRestores } from '@/i18n/it-restores';
import { useOnline } from '@/lib/online-status';

/**
 * Approva and Rifiuta for a pending request; online only, so offline they are disabled and say why. While the
 * outcome of the request's CRM write is being checked (`checking`) they are disabled too. A request the reviewer
 * may not approve (`heldBack`, four eyes) shows no Approva: `heldWhy` says why in its place. `compact` (a list's
 * row): small and in words alone, without icons.
 */
export function ReviewButtons({
  requestId,
  onReview,
  checking = false,
  heldBack = false,
  heldWhy,
  compact = false,
}: {
  requestId: number;
  onReview: (approved: boolean) => void;
  checking?: boolean;
  heldBack?: boolean;
  heldWhy?: string;
  compact?: boolean;
}) {
  const online = useOnline();
  const disabledWhy = checking ? itRestores.outcomeChecking : online ? undefined : it.offline.onlineOnly;
  const button = (approved: boolean) => {
    const name = approved ? itRestores.approveOf(requestId) : itRestores.rejectOf(requestId);
    return (
      <Button
        variant={approved ? 'default' : 'destructive'}
        size={compact ? 'sm' : 'default'}
        disabled={disabledWhy !== undefined}
        title={disabledWhy}
        aria-label={name}
        onClick={() => onReview(approved)}
      >
        {!compact && (approved ? <Check aria-hidden="true" /> : <X aria-hidden="true" />)}
        {approved ? itRestores.approve : itRestores.reject}
      </Button>
    );
  };
  return (
    <>
      {heldBack ? (
        <span className="self-center text-sm text-muted-foreground" title={heldWhy}>
          {itFourEyes.held}
        </span>
      ) : (
        button(true)
      )}
      {button(false)}
    </>
  );
}
