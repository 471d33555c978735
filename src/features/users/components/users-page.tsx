import { Plus, Search } from 'lucide-react';
import { Suspense, useCallback, useState } from 'react';
import type { User } from '@contract/users';
import { DataFreshness } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { it } from '@/i18n/it';
import { itUsers } from '@/i18n/it-users';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnline } from '@/lib/online-status';
import { usePageInRange, usePageParam } from '@/lib/page-param';
import { useSessionUser } from '@/lib/session-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsers } from '../api/get-users';
import { isConfirmedUserAction, UsersTable, type UserAction } from './users-table';

// The dialogs (and their forms) load when one is first opened, not with the list.
const UserFormDialog = lazyNamed(() => import('./user-form-dialog'), 'UserFormDialog');
const SetPasswordDialog = lazyNamed(() => import('./set-password-dialog'), 'SetPasswordDialog');
const SendQrDialog = lazyNamed(() => import('./send-qr-dialog'), 'SendQrDialog');
const ConfirmUserActionDialog = lazyNamed(
  () => import('./confirm-user-action-dialog'),
  'ConfirmUserActionDialog',
);

type OpenDialog = { action: 'create' } | { action: UserAction; user: User } | null;

/** 'Gestione utenti' (ADMIN): the users, 10 a page, with create, edit, password, QR and delete. */
export function UsersPage() {
  const me = useSessionUser();
  const online = useOnline();
  const [page, setPage, pageParam] = usePageParam();
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText.trim(), 300);
  const users = useUsers({ page, filter });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const onAction = useCallback((action: UserAction, user: User) => setDialog({ action, user }), []);

  const totalPages = users.data?.totalPages ?? 0;
  // After a delete or a narrower filter the page may no longer exist: show the last one.
  usePageInRange(pageParam, page, totalPages, setPage);

  return (
    <>
      <PageTitle
        actions={
          <div className="flex items-center gap-3">
            {!online && <span className="text-sm text-muted-foreground">{it.offline.onlineOnly}</span>}
            <Button
              onClick={() => setDialog({ action: 'create' })}
              disabled={!online}
              title={online ? undefined : it.offline.onlineOnly}
            >
              <Plus aria-hidden="true" />
              {itUsers.create}
            </Button>
          </div>
        }
      >
        {it.pages.userManagement}
      </PageTitle>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full max-w-sm flex-col gap-2">
          <Label htmlFor="users-filter">{itUsers.filter}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="users-filter"
              type="search"
              className="pl-9"
              placeholder={itUsers.filterPlaceholder}
              value={filterText}
              onChange={(event) => {
                setFilterText(event.target.value);
                if (page !== 1) setPage(1);
              }}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          {users.data && <p aria-live="polite">{itUsers.count(users.data.totalElements)}</p>}
          <DataFreshness
            readAt={users.dataUpdatedAt}
            refreshing={users.isFetching}
            onRefresh={() => void users.refetch()}
            online={online}
          />
        </div>
      </div>
      {users.isError && !users.data ? (
        <LoadFailed
          title={itUsers.loadFailed}
          error={users.error}
          retryLabel={itUsers.retry}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <UsersTable
          users={users.data?.content ?? []}
          loading={users.isPending}
          currentUserId={me?.id}
          onAction={onAction}
        />
      )}
      <Pagination className="mt-4" page={page} totalPages={totalPages} onPageChange={setPage} />

      <Suspense>
        {dialog?.action === 'create' && <UserFormDialog onClose={close} />}
        {dialog?.action === 'edit' && <UserFormDialog user={dialog.user} onClose={close} />}
        {dialog?.action === 'password' && (
          <SetPasswordDialog user={dialog.user} self={dialog.user.id === me?.id} onClose={close} />
        )}
        {dialog && dialog.action !== 'create' && isConfirmedUserAction(dialog.action) && (
          <ConfirmUserActionDialog
            key={dialog.action}
            action={dialog.action}
            user={dialog.user}
            self={dialog.user.id === me?.id}
            onClose={close}
          />
        )}
        {dialog?.action === 'qr' && (
          <SendQrDialog user={dialog.user} self={dialog.user.id === me?.id} onClose={close} />
        )}
        {dialog?.action === 'reset' && (
          <SendQrDialog user={dialog.user} self={dialog.user.id === me?.id} reset onClose={close} />
        )}
      </Suspense>
    </>
  );
}
