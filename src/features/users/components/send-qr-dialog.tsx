import { toast } from '@/lib/toast';
import type { User } from '@contract/users';
import { CopyButton } from '@/components/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { itUsers } from '@/i18n/it-users';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useIssueQrToken } from '../api/issue-qr-token';
import { UserDialog, UserDialogFooter } from './user-dialog';

/**
 * 'Invia QR' (a new authenticator code the user confirms from the link, the current one working until then) or, with
 * `reset`, 'Reimposta autenticatore' (the current code stops at once and the user's sessions end): asks first, then
 * says the enrolment link was e-mailed to the user, or, without e-mail, shows it with a copy button to pass on.
 */
export function SendQrDialog({
  user,
  self,
  reset = false,
  onClose,
}: {
  user: User;
  self: boolean;
  reset?: boolean;
  onClose: () => void;
}) {
  const mutation = useIssueQrToken();
  const issued = mutation.data;
  const failed = reset ? itUsers.resetFailed : itUsers.qrFailed;

  const generate = () =>
    mutation.mutate(
      { id: user.id, reset },
      {
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 401))
            toast.error(failed, { description: errorMessage(error) });
        },
      },
    );

  return (
    <UserDialog
      // Once reset, the dialog says it is done rather than still asking.
      title={
        reset
          ? issued
            ? itUsers.resetDoneTitle(user.username)
            : itUsers.resetTitle(user.username)
          : itUsers.qrTitle(user.username)
      }
      description={
        reset
          ? issued
            ? itUsers.resetDone
            : itUsers.resetExplain
          : issued
            ? itUsers.qrValidity
            : itUsers.qrExplain
      }
      onClose={onClose}
    >
      {issued?.emailed ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="text-sm">
            {itUsers.qrEmailed(user.email)}
          </p>
          {!self && <p className="text-sm text-muted-foreground">{itUsers.qrFourEyes}</p>}
        </div>
      ) : issued ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor="enrolment-link">{itUsers.qrLinkLabel}</Label>
            <Input
              id="enrolment-link"
              readOnly
              value={issued.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <CopyButton value={issued.url} label={itUsers.copyLink} copiedMessage={itUsers.linkCopied} />
          <p role="status" className="text-sm">
            {itUsers.qrNotEmailed}
          </p>
          {!self && <p className="text-sm text-muted-foreground">{itUsers.qrFourEyes}</p>}
        </div>
      ) : (
        self && (
          <p className="text-sm font-medium text-destructive">
            {reset ? itUsers.resetSelfWarning : itUsers.qrSelfWarning}
          </p>
        )
      )}
      {mutation.isError && (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      )}
      <UserDialogFooter
        actionLabel={reset ? itUsers.resetGenerate : itUsers.qrGenerate}
        pending={mutation.isPending}
        onAction={generate}
        done={Boolean(issued)}
      />
    </UserDialog>
  );
}
