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
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const online = useOnline();
  const mutation = useDeleteUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{it.users.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{it.users.deleteDescription(user.username)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{it.users.cancel}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={mutation.isPending || !online}
            onClick={(event) => {
              // Stays open until the server has answered.
              event.preventDefault();
              mutation.mutate(user.id, {
                onSuccess: () => toast.success(it.users.deleted),
                onError: (error) => {
                  if (!(error instanceof ApiError && error.status === 401))
                    toast.error(it.users.deleteFailed, { description: errorMessage(error) });
                },
                onSettled: onClose,
              });
            }}
          >
            {it.users.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
