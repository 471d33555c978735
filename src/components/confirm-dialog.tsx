import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';

/**
 * A confirmation of an action the server does: labelled by its title and described by its description, open until
 * answered (the action calls `onConfirm`, which closes it once the server has answered), online only. Focus goes
 * back to what opened it.
 */
export function ConfirmDialog({
  title,
  description,
  actionLabel,
  cancelLabel,
  destructive = false,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  actionLabel: string;
  cancelLabel: string;
  /** Styles the action as one that cannot be undone. */
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Said between the description and the buttons. */
  children?: ReactNode;
}) {
  const online = useOnline();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : undefined}
            disabled={pending || !online}
            onClick={(event) => {
              // Stays open until the server has answered.
              event.preventDefault();
              onConfirm();
            }}
          >
            {actionLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
        {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
      </AlertDialogContent>
    </AlertDialog>
  );
}
