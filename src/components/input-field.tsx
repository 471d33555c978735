import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** A form's text input with its visible label and its message; `children` go under it (e.g. the password rules). */
export function InputField<V extends FieldValues>({
  control,
  name,
  label,
  children,
  ...input
}: Omit<ComponentProps<typeof Input>, 'name' | 'children'> & {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  children?: ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          <FormMessage />
          {children}
        </FormItem>
      )}
    />
  );
}
