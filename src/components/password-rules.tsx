import { Check, X } from 'lucide-react';
import { passwordRules } from '@contract/password-policy';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';

/** The contract's password rules, one line each, ticked off as `password` meets them. */
export function PasswordRules({
  password,
  id,
  className,
}: {
  password: string;
  id?: string;
  className?: string;
}) {
  return (
    <div id={id} className={cn('text-sm', className)}>
      <p className="mb-1 text-muted-foreground">{it.passwordRules.heading}</p>
      <ul className="flex flex-col gap-1" aria-label={it.passwordRules.heading}>
        {passwordRules.map((rule) => {
          // Nothing typed meets no rule, even one an empty text passes (e.g. 'no spaces').
          const met = password.length > 0 && rule.test(password);
          return (
            <li
              key={rule.id}
              data-rule={rule.id}
              data-met={met}
              className={cn('flex items-center gap-2', met ? 'text-green-700' : 'text-muted-foreground')}
            >
              {met ? (
                <Check className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <X className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span>{it.passwordRules.rules[rule.id]}</span>
              <span className="sr-only">({met ? it.passwordRules.met : it.passwordRules.unmet})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
