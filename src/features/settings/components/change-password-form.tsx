import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { updatePasswordSchema } from '@contract/users';
import { InputField } from '@/components/input-field';
import { NewPasswordField } from '@/components/new-password-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { it } from '@/i18n/it';
import { itSettings } from '@/i18n/it-settings';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formResolver } from '@/lib/form-resolver';
import { newPasswordField, passwordsMatch } from '@/lib/password-schema';
import { refusedField } from '@/lib/server-field';
import { endLocalSession } from '@/lib/end-local-session';
import { useOnline } from '@/lib/online-status';
import { useUpdatePassword } from '../api/update-password';

const changePasswordSchema = z
  .object({
    oldPassword: updatePasswordSchema.shape.oldPassword,
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .superRefine(passwordsMatch('newPassword', 'confirmPassword'));
type ChangePassword = z.infer<typeof changePasswordSchema>;

const empty: ChangePassword = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Cambia password' (docs/product.md#password-change). Success ends every session: the user signs in again.
 */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const mutation = useUpdatePassword(userId);
  const form = useForm<ChangePassword>({
    resolver: formResolver(changePasswordSchema),
    defaultValues: empty,
  });

  const onSubmit = ({ oldPassword, newPassword }: ChangePassword) =>
    mutation.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(itSettings.success, { description: itSettings.signInAgain, duration: 8000 });
          // The layout sees no session and shows sign-in.
          endLocalSession(queryClient);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          // A refused field is shown on it; every failure also gets its failure toast
          // (docs/product.md#users-and-settings).
          const field = refusedField(error);
          if (field === 'oldPassword') {
            form.setError('oldPassword', { message: itSettings.wrongCurrent }, { shouldFocus: true });
          } else if (field === 'newPassword') {
            form.setError('newPassword', { message: errorMessage(error) });
          }
          toast.error(itSettings.failure, { description: errorMessage(error) });
        },
      },
    );

  return (
    <Form {...form}>
      <form className="flex max-w-md flex-col gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <InputField
          control={form.control}
          name="oldPassword"
          label={itSettings.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField control={form.control} name="newPassword" label={itSettings.newPassword} />
        <InputField
          control={form.control}
          name="confirmPassword"
          label={itSettings.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={mutation.isPending || !online}>
            {itSettings.submit}
          </Button>
          <Button variant="outline" onClick={() => form.reset(empty)} disabled={mutation.isPending}>
            {itSettings.cancel}
          </Button>
        </div>
        {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
      </form>
    </Form>
  );
}
