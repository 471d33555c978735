import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { itUsers } from '@/i18n/it-users';
import type { RoleOption } from '../api/get-role-options';

/** The role of a user, chosen among `options`; the trigger takes the form control's id and aria props. */
export function RoleSelect({
  value,
  onChange,
  options,
  disabled,
  ...triggerProps
}: Omit<ComponentProps<typeof SelectTrigger>, 'onChange'> & {
  value: string;
  onChange: (name: string) => void;
  options: RoleOption[];
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder={itUsers.fields.rolePlaceholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((role) => (
          <SelectItem key={role.name} value={role.name}>
            {role.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
