import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputField } from './input-field';
import { PasswordRules } from './password-rules';

/** A new password's field with the rules under it, each marked as it is met while the user types. */
export function NewPasswordField<V extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
}) {
  const password: unknown = useWatch({ control, name });
  return (
    <InputField control={control} name={name} label={label} type="password" autoComplete="new-password">
      <PasswordRules password={typeof password === 'string' ? password : ''} />
    </InputField>
  );
}
