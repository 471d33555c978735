import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { it } from '@/i18n/it';
import { itUsers } from '@/i18n/it-users';
import { useOnline } from '@/lib/online-status';

/** The frame of the user management dialogs: always open while shown, closed by Esc, a click outside or 'Annulla'. */
export function UserDialog({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  /** Left out when the title says it all. */
  description?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      {/* Without a description, radix is told there is none rather than warning about it. */}
      <DialogContent {...(description ? {} : { 'aria-describedby': undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Annulla' and the dialog's own action. `submit` is a form's submit button; `onAction` a plain button. The action
 * waits while `pending` and offline, where 'Disponibile solo online' says why; after the action `closeLabel`
 * ('Chiudi') replaces 'Annulla' and the action goes.
 */
export function UserDialogFooter({
  actionLabel,
  pending,
  onAction,
  done = false,
}: {
  actionLabel: string;
  pending: boolean;
  /** Absent: the action submits the dialog's form. */
  onAction?: () => void;
  /** The action is done: only 'Chiudi' is left. */
  done?: boolean;
}) {
  const online = useOnline();
  return (
    <>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant={done ? 'default' : 'outline'} disabled={pending}>
            {done ? itUsers.close : itUsers.cancel}
          </Button>
        </DialogClose>
        {!done && (
          <Button type={onAction ? 'button' : 'submit'} onClick={onAction} disabled={pending || !online}>
            {actionLabel}
          </Button>
        )}
      </DialogFooter>
      {!online && !done && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
    </>
  );
}
