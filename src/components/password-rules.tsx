import { Check, Dot, X } from 'lucide-react';
import { passwordRules } from '@contract/password-policy';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';

/**
 * How a rule shows: met (ticked) or unmet (crossed) once something is typed; while the field is empty every rule is
 * unchecked (a dot), so that a form opens listing what a password needs rather than a column of failures.
 */
function ruleState(test: (password: string) => boolean, password: string): 'met' | 'unmet' | 'unchecked' {
  if (password.length === 0) return 'unchecked';
  return test(password) ? 'met' : 'unmet';
}

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
          const state = ruleState(rule.test, password);
          return (
            <li
              key={rule.id}
              data-rule={rule.id}
              data-met={state === 'met'}
              data-state={state}
              className={cn(
                'flex items-center gap-2',
                state === 'met' ? 'text-green-700' : 'text-muted-foreground',
              )}
            >
              {state === 'met' ? (
                <Check className="size-4 shrink-0" aria-hidden="true" />
              ) : state === 'unmet' ? (
                <X className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <Dot className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span>{it.passwordRules.rules[rule.id]}</span>
              {state !== 'unchecked' && (
                <span className="sr-only">
                  ({state === 'met' ? it.passwordRules.met : it.passwordRules.unmet})
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
