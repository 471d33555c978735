import { Flag, History } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { RestoreType, type CreateRestore } from '@contract/restores';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { restoreFailureReason } from '@/domain/crm-refusal';
import { isInvalidCode, isSignedOut } from '@/lib/error-message';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnline } from '@/lib/online-status';
import type { RecordKind } from '@contract/record-kinds';
import { canRequestRestore } from '@/domain/roles';
import { useSessionUser } from '@/lib/session-store';
import { useCreateRestoreRequest } from './create-restore-request';
import type { RestoreSubject } from './use-restore-fields';
import {
  needsReason,
  restoreErrorMessage,
  restoreSuccessMessage,
  type RestoreAction,
  type RestorePlace,
} from './restore-messages';

// The code dialog (its six boxes and the field choice) loads when a restore button is first pressed, not with the list.
const RestoreDialog = lazyNamed(() => import('./restore-dialog'), 'RestoreDialog');

/** Why no restore can succeed now, with a link to what is to be restored first. */
export type RestoreBlock = { reason: string; link?: { to: string; text: string } };

/** The search the versions were found with: the agent of the search bar and the two days (YYYY-MM-DD). */
export type RestoreSearch = { agentId: string; dateFrom: string; dateTo: string };

/** A day of the search as the restore body's ISO date-time (docs/product.md#restore-and-review-payloads). */
export const isoOfDay = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The restore-create payload (docs/product.md#restore-and-review-payloads); `fields` limits it to those
 * snapshot fields (absent: all).
 */
export function restoreBody(
  action: RestoreAction,
  userId: number,
  search: RestoreSearch,
  revisionIds: readonly number[],
  fields?: readonly string[],
): CreateRestore {
  return {
    dateFrom: isoOfDay(search.dateFrom),
    dateTo: isoOfDay(search.dateTo),
    restoreTypeId: action === 'report' ? RestoreType.REPORT : RestoreType.FORCED,
    userCreatorId: userId,
    userReviewerId: action === 'report' ? 0 : userId,
    salesforceUserId: search.agentId || null,
    revisionIdList: [...revisionIds],
    ...(fields ? { fields: [...fields] } : {}),
  };
}

/**
 * 'Segnala ripristino' and 'Forza ripristino' (USER_RANA only; nothing for other roles). Each asks for the
 * one-time code, then sends one request per revision in `revisionIds`. Online only: offline the buttons are
 * disabled and say so; nothing is queued. The code has six digits everywhere
 * (docs/product.md#one-time-code-entry). A restore of one record (`subject`: a detail screen, or one row
 * selected on a list) lists the fields it writes, all ticked: unticked ones are left out of the request's
 * `fields`. A restore of several rows writes every field. A forced restore the CRM would refuse
 * (`forceBlocked`: a contact it made a business account) is disabled and says why, so no code is spent on it;
 * the request can still be reported, for when the record can be restored again. A restore nothing can be
 * written for until another record is restored (`blocked`: a case whose contact is deleted in the CRM)
 * disables both buttons and says why, with a link to that record. The server refuses both cases all the same.
 */
export function RestoreActions({
  kind,
  place,
  revisionIds,
  search,
  subject,
  onDone,
  forceBlocked,
  blocked,
}: {
  kind: RecordKind;
  place: RestorePlace;
  revisionIds: readonly number[];
  search: RestoreSearch;
  /** The one record restored, when the restore is of one revision. */
  subject?: RestoreSubject;
  /** After a request was made (the search pages clear their selection). */
  onDone?: () => void;
  /** Why 'Forza ripristino' cannot succeed now; it is disabled and the reason shown. */
  forceBlocked?: string | undefined;
  /** Why neither button can succeed now; both are disabled and the reason shown. */
  blocked?: RestoreBlock | null | undefined;
}) {
  const user = useSessionUser();
  const online = useOnline();
  const mutation = useCreateRestoreRequest(kind);
  const [action, setAction] = useState<RestoreAction | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const blockedId = useId();
  const single = revisionIds.length === 1 && subject?.revisionId === revisionIds[0] ? subject : undefined;

  if (!user || !canRequestRestore(user.role)) return null;

  const close = () => {
    setAction(null);
    setCodeError(undefined);
  };
  const disabled = !online || revisionIds.length === 0 || mutation.isPending || !!blocked;
  const forceReason = blocked?.reason ?? forceBlocked;
  const hint = !online
    ? it.offline.onlineOnly
    : revisionIds.length === 0 && place === 'list'
      ? it.restore.selectRows
      : undefined;

  const submit = async (
    chosen: RestoreAction,
    code: string,
    fields: string[] | undefined,
  ): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ body: restoreBody(chosen, user.id, search, revisionIds, fields), code });
    } catch (error) {
      if (isInvalidCode(error)) {
        setCodeError(restoreErrorMessage(kind, chosen, place, error));
        return false;
      }
      close();
      if (!isSignedOut(error))
        toast.error(restoreErrorMessage(kind, chosen, place, error), {
          description: needsReason(error) ? restoreFailureReason(error) : undefined,
        });
      return true;
    }
    close();
    toast.success(restoreSuccessMessage(kind, chosen));
    onDone?.();
    return true;
  };

  return (
    <div role="group" aria-label={it.restore.actions} className="flex flex-wrap items-center gap-2">
      {!online && <span className="text-sm text-muted-foreground">{it.offline.onlineOnly}</span>}
      {online && blocked && (
        <span id={blockedId} data-testid="restore-blocked" className="text-sm text-muted-foreground">
          {blocked.reason}
          {blocked.link && (
            <>
              {' '}
              <Link
                to={blocked.link.to}
                className="relative font-medium text-primary underline underline-offset-2 after:absolute after:inset-x-0 after:-inset-y-3 hover:no-underline"
              >
                {blocked.link.text}
              </Link>
            </>
          )}
        </span>
      )}
      {online && !blocked && forceBlocked && (
        <span id={blockedId} data-testid="force-blocked" className="text-sm text-muted-foreground">
          {forceBlocked}
        </span>
      )}
      <Button
        variant="outline"
        disabled={disabled}
        title={hint ?? blocked?.reason}
        aria-describedby={online && blocked ? blockedId : undefined}
        onClick={() => setAction('report')}
      >
        <Flag aria-hidden="true" />
        {it.restore.report}
      </Button>
      <Button
        variant="destructive"
        disabled={disabled || forceReason !== undefined}
        title={hint ?? forceReason}
        aria-describedby={online && forceReason ? blockedId : undefined}
        onClick={() => setAction('force')}
      >
        <History aria-hidden="true" />
        {it.restore.force}
      </Button>
      {action && (
        <Suspense>
          <RestoreDialog
            kind={kind}
            action={action}
            count={revisionIds.length}
            subject={single}
            range={search}
            pending={mutation.isPending}
            error={codeError}
            onSubmit={(code, fields) => submit(action, code, fields)}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
