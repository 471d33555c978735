import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import type { User } from '@contract/users';
import { InputField } from '@/components/input-field';
import { NewPasswordField } from '@/components/new-password-field';
import { Form } from '@/components/ui/form';
import { itUsers } from '@/i18n/it-users';
import { ApiError } from '@/lib/api-client';
import { endLocalSession } from '@/lib/end-local-session';
import { errorMessage } from '@/lib/error-message';
import { formResolver } from '@/lib/form-resolver';
import { newPasswordField, passwordsMatch } from '@/lib/password-schema';
import { useSetUserPassword } from '../api/set-user-password';
import { UserDialog, UserDialogFooter } from './user-dialog';

const schema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .superRefine(passwordsMatch('password', 'confirmPassword'));
type Values = z.infer<typeof schema>;

/**
 * An administrator sets `user`'s password. `self`: their own, which ends their sessions, this one too: it says so
 * first, and after it signs out here as 'Impostazioni' does.
 */
export function SetPasswordDialog({
  user,
  self,
  onClose,
}: {
  user: User;
  self: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useSetUserPassword({ own: self });
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = ({ password }: Values) =>
    mutation.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          if (self) {
            toast.success(itUsers.passwordChanged, { description: itUsers.signInAgain, duration: 8000 });
            // The layout sees no session and shows sign-in.
            endLocalSession(queryClient);
            return;
          }
          toast.success(itUsers.passwordChanged);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 401))
            toast.error(itUsers.passwordFailed, { description: errorMessage(error) });
        },
      },
    );

  return (
    <UserDialog
      title={itUsers.changePasswordTitle(user.username)}
      description={itUsers.changePasswordDescription}
      onClose={onClose}
    >
      <Form {...form}>
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          {self && <p className="text-sm font-medium text-destructive">{itUsers.passwordSelfWarning}</p>}
          <NewPasswordField control={form.control} name="password" label={itUsers.fields.password} />
          <InputField
            control={form.control}
            name="confirmPassword"
            label={itUsers.fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <UserDialogFooter actionLabel={itUsers.save} pending={mutation.isPending} />
        </form>
      </Form>
    </UserDialog>
  );
}
