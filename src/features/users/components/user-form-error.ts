import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { it, translateServerMessage } from '@/i18n/it';
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

/** Which of username and e-mail a 409 says are taken, from the server's message. */
function takenFields(message: string): FieldPath<UserFormValues>[] {
  const fields: FieldPath<UserFormValues>[] = [];
  if (/^username/i.test(message)) fields.push('username');
  if (/e-?mail/i.test(message)) fields.push('email');
  return fields;
}

/**
 * A refused create or edit: a duplicate (409) or a refused field (400) is shown on its field; every failure also
 * gets the 'Errore durante ...' toast (SPEC.md section 8). A 401 is left to the global handler.
 */
export function showUserFormError(
  form: UseFormReturn<UserFormValues>,
  error: unknown,
  failure: string,
): void {
  if (error instanceof ApiError && error.status === 401) return;
  if (error instanceof ApiError && error.status === 409) {
    for (const field of takenFields(error.message))
      form.setError(field, { message: field === 'username' ? it.users.usernameTaken : it.users.emailTaken });
  }
  const field = refusedField(error);
  const formField = field === undefined ? undefined : formFieldOf[field];
  if (formField) {
    const message = translateServerMessage((error as ApiError).message);
    form.setError(formField, {
      message: message === (error as ApiError).message ? it.validation.invalid : message,
    });
  }
  toast.error(failure, { description: errorMessage(error) });
}
