import { toast } from 'sonner';
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
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { useClearUserLocks } from '../api/clear-user-locks';

/** An administrator lets a user in again from every address and browser a sign-in lock refuses. */
export function ClearLocksDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const online = useOnline();
  const mutation = useClearUserLocks();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{it.users.unlockTitle(user.username)}</AlertDialogTitle>
          <AlertDialogDescription>{it.users.unlockDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{it.users.cancel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={mutation.isPending || !online}
            onClick={(event) => {
              // Stays open until the server has answered.
              event.preventDefault();
              mutation.mutate(user.id, {
                onSuccess: ({ data }) =>
                  toast.success(data.query.cleared > 0 ? it.users.unlocked : it.users.noLocks),
                onError: (error) => {
                  if (!(error instanceof ApiError && error.status === 401))
                    toast.error(it.users.unlockFailed, { description: errorMessage(error) });
                },
                onSettled: onClose,
              });
            }}
          >
            {it.users.unlock}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
