import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { User } from '@contract/users';
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
import { itUsers } from '@/i18n/it-users';
import { errorMessage, isSignedOut } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';

type Texts = { title: string; description: string; action: string; failed: string };

/**
 * A confirmed administrator action on one user ('Elimina', 'Sblocca accesso', 'Termina sessioni'): open until
 * answered. `destructive` styles the action as one that cannot be undone.
 */
export function ConfirmUserActionDialog<T>({
  user,
  texts,
  mutation,
  success,
  onClose,
  destructive = false,
}: {
  user: User;
  texts: Texts;
  mutation: UseMutationResult<T, Error, number>;
  success: (answer: T) => string;
  onClose: () => void;
  destructive?: boolean;
}) {
  const online = useOnline();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{itUsers.cancel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : undefined}
            disabled={mutation.isPending || !online}
            onClick={(event) => {
              // Stays open until the server has answered.
              event.preventDefault();
              mutation.mutate(user.id, {
                onSuccess: (answer) => toast.success(success(answer)),
                onError: (error) => {
                  if (!isSignedOut(error)) toast.error(texts.failed, { description: errorMessage(error) });
                },
                onSettled: onClose,
              });
            }}
          >
            {texts.action}
          </AlertDialogAction>
        </AlertDialogFooter>
        {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
      </AlertDialogContent>
    </AlertDialog>
  );
}
