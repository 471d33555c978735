import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { createUserSchema, type User } from '@contract/users';
import { InputField } from '@/components/input-field';
import { NewPasswordField } from '@/components/new-password-field';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { itUsers } from '@/i18n/it-users';
import { formResolver } from '@/lib/form-resolver';
import { newPasswordField, passwordWithoutUsername } from '@/lib/password-schema';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser } from '../api/update-user';
import { RoleSelect } from './role-select';
import { UserDialog, UserDialogFooter } from './user-dialog';
import { showUserFormError, type UserFormValues } from './user-form-error';

const identity = {
  username: createUserSchema.shape.username,
  email: createUserSchema.shape.email,
  roleName: z.string().min(1),
};
/**
 * Create needs username, a valid e-mail, a password meeting the rules and a role
 * (docs/product.md#validation-rules).
 */
const createSchema = z
  .object({ ...identity, password: newPasswordField })
  .superRefine(passwordWithoutUsername('password', 'username'));
/** Edit: username, e-mail and role; the password is changed by its own dialog. */
const editSchema = z.object({ ...identity, password: z.string() });

/** 'Crea utente' (no `user`) or the edit dialog of `user`. */
export function UserFormDialog({ user, onClose }: { user?: User; onClose: () => void }) {
  const editing = user !== undefined;
  const roleOptions = useRoleOptions(user);
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;
  const form = useForm<UserFormValues>({
    resolver: formResolver(editing ? editSchema : createSchema),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      password: '',
      roleName: user?.role.name ?? '',
    },
  });

  const onSubmit = (values: UserFormValues) => {
    const body = { username: values.username, email: values.email, role: { name: values.roleName } };
    if (user)
      update.mutate(
        { id: user.id, ...body },
        {
          onSuccess: () => {
            toast.success(itUsers.updated);
            onClose();
          },
          onError: (error) => showUserFormError(form, error, itUsers.updateFailed),
        },
      );
    else
      create.mutate(
        { ...body, password: values.password },
        {
          onSuccess: () => {
            toast.success(itUsers.created, { description: itUsers.createdHint });
            onClose();
          },
          onError: (error) => showUserFormError(form, error, itUsers.createFailed),
        },
      );
  };

  return (
    <UserDialog title={user ? itUsers.editTitle(user.username) : itUsers.create} onClose={onClose}>
      <Form {...form}>
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <InputField
            control={form.control}
            name="username"
            label={itUsers.fields.username}
            autoComplete="off"
          />
          <InputField
            control={form.control}
            name="email"
            label={itUsers.fields.email}
            type="email"
            autoComplete="off"
          />
          {!editing && (
            <NewPasswordField control={form.control} name="password" label={itUsers.fields.password} />
          )}
          <FormField
            control={form.control}
            name="roleName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{itUsers.fields.role}</FormLabel>
                <FormControl>
                  <RoleSelect
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    options={roleOptions}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <UserDialogFooter actionLabel={editing ? itUsers.save : itUsers.create} pending={pending} />
        </form>
      </Form>
    </UserDialog>
  );
}
