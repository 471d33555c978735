import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { KeyRound, LockOpen, LogOut, Pencil, QrCode, RotateCcw, Trash2 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { ErrorCode } from '@contract/error-codes';
import type { User } from '@contract/users';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itUsers } from '@/i18n/it-users';

/** The administrator actions on one user that only ask to be confirmed. */
const CONFIRMED_USER_ACTIONS = ['delete', 'unlock', 'sessions'] as const;
export type ConfirmedUserAction = (typeof CONFIRMED_USER_ACTIONS)[number];
export type UserAction = 'edit' | 'password' | 'qr' | 'reset' | ConfirmedUserAction;

export const isConfirmedUserAction = (action: UserAction): action is ConfirmedUserAction =>
  (CONFIRMED_USER_ACTIONS as readonly UserAction[]).includes(action);

function ActionButton({
  label,
  icon,
  onClick,
  disabledWhy,
  destructive,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Set when the action cannot be done on this row: why, as the button's tooltip. */
  disabledWhy?: string;
  destructive?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={disabledWhy ?? label}
      onClick={onClick}
      disabled={disabledWhy !== undefined}
      className={destructive ? 'text-destructive hover:text-destructive' : undefined}
    >
      {icon}
    </Button>
  );
}

/** Username, e-mail, role and the row actions (SPEC.md section 2); your own row cannot be deleted. */
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
          <div className="flex justify-end gap-1" role="group" aria-label={itUsers.rowActions(user.username)}>
            <ActionButton label={itUsers.edit} icon={<Pencil />} onClick={() => onAction('edit', user)} />
            <ActionButton
              label={itUsers.changePassword}
              icon={<KeyRound />}
              onClick={() => onAction('password', user)}
            />
            <ActionButton label={itUsers.sendQr} icon={<QrCode />} onClick={() => onAction('qr', user)} />
            <ActionButton
              label={itUsers.resetAuthenticator}
              icon={<RotateCcw />}
              onClick={() => onAction('reset', user)}
            />
            <ActionButton
              label={itUsers.unlock}
              icon={<LockOpen />}
              onClick={() => onAction('unlock', user)}
            />
            <ActionButton
              label={itUsers.endSessions}
              icon={<LogOut />}
              onClick={() => onAction('sessions', user)}
            />
            <ActionButton
              label={itUsers.delete}
              icon={<Trash2 />}
              destructive
              disabledWhy={user.id === currentUserId ? it.errorCodes[ErrorCode.OWN_USER] : undefined}
              onClick={() => onAction('delete', user)}
            />
          </div>
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
