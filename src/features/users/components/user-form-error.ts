import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { it, translateErrorCode } from '@/i18n/it';
import { itUsers } from '@/i18n/it-users';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { refusedField } from '@/lib/server-field';

export type UserFormValues = { username: string; email: string; password: string; roleName: string };

const formFieldOf: Record<string, FieldPath<UserFormValues>> = {
  username: 'username',
  email: 'email',
  password: 'password',
  'role.name': 'roleName',
  role: 'roleName',
};

/** Which of username and e-mail a 409 names as taken (`error.field`: `body.username`, `body.email` or both). */
function takenFields(error: ApiError): FieldPath<UserFormValues>[] {
  const fields = (error.field ?? '').split(',');
  return (['username', 'email'] as const).filter((name) => fields.includes(`body.${name}`));
}

/**
 * A refused create or edit: a duplicate (409) or a refused field (400) is shown on its field; every failure also
 * gets the failure toast of docs/product.md#users-and-settings. A 401 is left to the global handler.
 */
export function showUserFormError(
  form: UseFormReturn<UserFormValues>,
  error: unknown,
  failure: string,
): void {
  if (error instanceof ApiError && error.status === 401) return;
  if (error instanceof ApiError && error.status === 409) {
    for (const field of takenFields(error))
      form.setError(field, { message: field === 'username' ? itUsers.usernameTaken : itUsers.emailTaken });
  }
  const field = refusedField(error);
  const formField = field === undefined ? undefined : formFieldOf[field];
  if (formField) {
    form.setError(formField, {
      message: translateErrorCode((error as ApiError).code) ?? it.validation.invalid,
    });
  }
  toast.error(failure, { description: errorMessage(error) });
}
