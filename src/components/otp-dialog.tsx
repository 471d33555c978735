import type { ReactNode } from 'react';
import { CodeEntryField, useCodeEntry } from '@/components/code-entry';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';

/**
 * Asks for the one-time code that confirms a restore or a review, in the six boxes of the sign-in code (the
 * last digit or Enter submits) on every screen, the detail screens included
 * (docs/product.md#one-time-code-entry). `onSubmit` answers whether the dialog is done; when it is not (a
 * refused code) the field empties for a new try and `error` says why. `children` shows above the code (what
 * the code confirms); while `blocked` says why, nothing can be confirmed.
 */
export function OtpDialog({
  title,
  description,
  confirmLabel = it.restore.confirm,
  pending,
  error,
  onSubmit,
  onClose,
  blocked,
  destructive = false,
  children,
}: {
  title: string;
  description: string;
  confirmLabel?: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => Promise<boolean>;
  onClose: () => void;
  blocked?: string;
  /** The confirm button is red, as the page's button that opened the dialog (a forced restore). */
  destructive?: boolean;
  children?: ReactNode;
}) {
  const online = useOnline();
  const entry = useCodeEntry({
    onSubmit,
    blocked: pending || !online || !!blocked,
    error,
    incompleteMessage: it.restore.codeRequired,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className={children ? 'max-w-3xl' : undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <form className="flex flex-col gap-4" noValidate onSubmit={entry.submitForm}>
          <CodeEntryField entry={entry} label={it.restore.codeLabel} disabled={pending} />
          {blocked && (
            <p role="alert" className="text-center text-sm font-medium text-destructive">
              {blocked}
            </p>
          )}
          {!online && <p className="text-center text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {it.restore.cancel}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending || !online || !!blocked}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
