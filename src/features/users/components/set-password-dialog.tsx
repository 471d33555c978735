import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '@contract/users';
import { InputField } from '@/components/input-field';
import { PasswordRules } from '@/components/password-rules';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { it } from '@/i18n/it';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formResolver } from '@/lib/form-resolver';
import { useOnline } from '@/lib/online-status';
import { newPasswordField, passwordsMatch } from '@/lib/password-schema';
import { useSetUserPassword } from '../api/set-user-password';

const schema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .superRefine(passwordsMatch('password', 'confirmPassword'));
type Values = z.infer<typeof schema>;

/** An administrator sets `user`'s password. */
export function SetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const online = useOnline();
  const mutation = useSetUserPassword();
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = ({ password }: Values) =>
    mutation.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          toast.success(it.users.passwordChanged);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 401))
            toast.error(it.users.passwordFailed, { description: errorMessage(error) });
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{it.users.changePasswordTitle(user.username)}</DialogTitle>
          <DialogDescription>{it.users.changePasswordDescription}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <InputField
              control={form.control}
              name="password"
              label={it.users.fields.password}
              type="password"
              autoComplete="new-password"
            >
              <PasswordRules password={password} />
            </InputField>
            <InputField
              control={form.control}
              name="confirmPassword"
              label={it.users.fields.confirmPassword}
              type="password"
              autoComplete="new-password"
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={mutation.isPending}>
                  {it.users.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={mutation.isPending || !online}>
                {it.users.save}
              </Button>
            </DialogFooter>
            {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
