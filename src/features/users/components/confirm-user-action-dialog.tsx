import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { User } from '@contract/users';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { itUsers } from '@/i18n/it-users';
import { endLocalSession } from '@/lib/end-local-session';
import { errorMessage, isSignedOut } from '@/lib/error-message';
import { useClearUserLocks } from '../api/clear-user-locks';
import { useDeleteUser } from '../api/delete-user';
import { useEndUserSessions } from '../api/end-user-sessions';
import type { ConfirmedUserAction } from './users-table';

type Texts = { title: string; description: string; action: string; failed: string };

/** What one confirmed action asks, does and says. */
type Confirmation<T> = {
  useMutation: () => UseMutationResult<T, Error, number>;
  texts: (username: string) => Texts;
  /**
   * The toast once the server has done it. A method, so that a confirmation of any answer is a
   * Confirmation<unknown>.
   */
  success(answer: T): string;
  /** Styles the action as one that cannot be undone. */
  destructive?: boolean;
  /** On your own row: it ends this session too. The dialog says so, and after it signs out here. */
  endsOwnSession?: { warning: string };
};

const confirmation = <T,>(c: Confirmation<T>) => c;

const CONFIRMATIONS = {
  delete: confirmation({
    useMutation: useDeleteUser,
    texts: (username) => ({
      title: itUsers.deleteTitle,
      description: itUsers.deleteDescription(username),
      action: itUsers.delete,
      failed: itUsers.deleteFailed,
    }),
    success: () => itUsers.deleted,
    destructive: true,
  }),
  unlock: confirmation({
    useMutation: useClearUserLocks,
    texts: (username) => ({
      title: itUsers.unlockTitle(username),
      description: itUsers.unlockDescription,
      action: itUsers.unlock,
      failed: itUsers.unlockFailed,
    }),
    success: ({ data }) => (data.query.cleared > 0 ? itUsers.unlocked : itUsers.noLocks),
  }),
  sessions: confirmation({
    useMutation: useEndUserSessions,
    texts: (username) => ({
      title: itUsers.endSessionsTitle(username),
      description: itUsers.endSessionsDescription,
      action: itUsers.endSessions,
      failed: itUsers.endSessionsFailed,
    }),
    success: () => itUsers.sessionsEnded,
    endsOwnSession: { warning: itUsers.endSessionsSelfWarning },
  }),
} satisfies Record<ConfirmedUserAction, unknown>;

/**
 * A confirmed administrator action on one user ('Elimina', 'Sblocca accesso', 'Termina sessioni'): open until
 * answered. Mount it with `key={action}`: the action picks the mutation the dialog uses.
 */
export function ConfirmUserActionDialog({
  action,
  user,
  self,
  onClose,
}: {
  action: ConfirmedUserAction;
  user: User;
  /** The row is the signed-in administrator's own. */
  self: boolean;
  onClose: () => void;
}) {
  const {
    useMutation,
    texts: textsOf,
    success,
    destructive = false,
    endsOwnSession,
  }: Confirmation<unknown> = CONFIRMATIONS[action];
  const signsOut = self && endsOwnSession !== undefined;
  const queryClient = useQueryClient();
  const mutation = useMutation();
  const texts = textsOf(user.username);
  return (
    <ConfirmDialog
      title={texts.title}
      description={texts.description}
      actionLabel={texts.action}
      cancelLabel={itUsers.cancel}
      destructive={destructive}
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(user.id, {
          onSuccess: (answer) => {
            if (!signsOut) return toast.success(success(answer));
            toast.success(success(answer), { description: itUsers.signInAgain, duration: 8000 });
            // The layout sees no session and shows sign-in.
            endLocalSession(queryClient);
          },
          onError: (error) => {
            if (!isSignedOut(error)) toast.error(texts.failed, { description: errorMessage(error) });
          },
          onSettled: onClose,
        })
      }
    >
      {signsOut && <p className="text-sm font-medium text-destructive">{endsOwnSession.warning}</p>}
    </ConfirmDialog>
  );
}
