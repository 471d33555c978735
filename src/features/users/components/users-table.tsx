import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import {
  ChevronDown,
  Ellipsis,
  KeyRound,
  LockOpen,
  LogOut,
  Pencil,
  QrCode,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { ErrorCode } from '@contract/error-codes';
import type { User } from '@contract/users';
import { DataTable } from '@/components/data-table';
import { OnDemandMenu } from '@/components/on-demand-menu';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itUsers } from '@/i18n/it-users';

/** The administrator actions on one user that only ask to be confirmed. */
const CONFIRMED_USER_ACTIONS = ['delete', 'unlock', 'sessions'] as const;
export type ConfirmedUserAction = (typeof CONFIRMED_USER_ACTIONS)[number];
export type UserAction = 'edit' | 'password' | 'qr' | 'reset' | ConfirmedUserAction;

export const isConfirmedUserAction = (action: UserAction): action is ConfirmedUserAction =>
  (CONFIRMED_USER_ACTIONS as readonly UserAction[]).includes(action);

/** The menu's items, in order: what each is called, its icon, and whether it cannot be undone. */
const MENU: ReadonlyArray<{ action: UserAction; label: string; icon: ReactNode; destructive?: boolean }> = [
  { action: 'edit', label: itUsers.edit, icon: <Pencil aria-hidden="true" /> },
  { action: 'password', label: itUsers.changePassword, icon: <KeyRound aria-hidden="true" /> },
  { action: 'qr', label: itUsers.sendQr, icon: <QrCode aria-hidden="true" /> },
  { action: 'reset', label: itUsers.resetAuthenticator, icon: <RotateCcw aria-hidden="true" /> },
  { action: 'unlock', label: itUsers.unlock, icon: <LockOpen aria-hidden="true" /> },
  { action: 'sessions', label: itUsers.endSessions, icon: <LogOut aria-hidden="true" /> },
  { action: 'delete', label: itUsers.delete, icon: <Trash2 aria-hidden="true" />, destructive: true },
];

/**
 * 'Azioni': one labelled button per row opening the user's actions as a menu of text items, which a touch screen
 * shows as well as a mouse (icons named only by a tooltip did not). An action that cannot be done on this row says
 * why in the menu itself.
 */
function UserActionsMenu({
  user,
  disabledWhy,
  onAction,
}: {
  user: User;
  disabledWhy: Partial<Record<UserAction, string>>;
  onAction: (action: UserAction, user: User) => void;
}) {
  const label = itUsers.rowActions(user.username);
  return (
    <OnDemandMenu
      label={label}
      items={MENU.map(({ action, label: itemLabel, icon, destructive }) => ({
        key: action,
        label: itemLabel,
        icon,
        destructive,
        disabledWhy: disabledWhy[action],
        onSelect: () => onAction(action, user),
      }))}
      trigger={
        <Button variant="outline" aria-label={label}>
          <Ellipsis aria-hidden="true" />
          {itUsers.columns.actions}
          <ChevronDown aria-hidden="true" />
        </Button>
      }
    />
  );
}

/**
 * Username, e-mail, role and the row actions (docs/product.md#user-management); your own row cannot be
 * deleted.
 */
export function UsersTable({
  users,
  loading,
  currentUserId,
  onAction,
}: {
  users: User[];
  loading: boolean;
  currentUserId: number | undefined;
  onAction: (action: UserAction, user: User) => void;
}) {
  const columns = useMemo<ColumnDef<User>[]>(
    () => [
      {
        id: 'username',
        header: itUsers.columns.username,
        accessorKey: 'username',
        meta: { className: 'font-medium break-all' },
      },
      { id: 'email', header: itUsers.columns.email, accessorKey: 'email', meta: { className: 'break-all' } },
      { id: 'role', header: itUsers.columns.role, accessorFn: (user) => user.role.label },
      {
        id: 'actions',
        header: () => <span className="sr-only">{itUsers.columns.actions}</span>,
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: user } }) => (
          <UserActionsMenu
            user={user}
            disabledWhy={user.id === currentUserId ? { delete: it.errorCodes[ErrorCode.OWN_USER] } : {}}
            onAction={onAction}
          />
        ),
      },
    ],
    [currentUserId, onAction],
  );
  // TanStack Table is not memoisable by the React Compiler; this component re-renders with its data anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (user) => String(user.id),
  });
  return <DataTable table={table} loading={loading} aria-label={it.pages.userManagement} />;
}
