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
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const online = useOnline();
  const mutation = useDeleteUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{itUsers.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{itUsers.deleteDescription(user.username)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{itUsers.cancel}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={mutation.isPending || !online}
            onClick={(event) => {
              // Stays open until the server has answered.
              event.preventDefault();
              mutation.mutate(user.id, {
                onSuccess: () => toast.success(itUsers.deleted),
                onError: (error) => {
                  if (!(error instanceof ApiError && error.status === 401))
                    toast.error(itUsers.deleteFailed, { description: errorMessage(error) });
                },
                onSettled: onClose,
              });
            }}
          >
            {itUsers.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
        {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
      </AlertDialogContent>
    </AlertDialog>
  );
}
