import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * An on/off switch: a native checkbox with the switch role (keyboard, forms and screen readers work as for any
 * checkbox), drawn as a 24 px track inside a 44 px touch target.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <span
      data-slot="switch"
      className={cn('group relative inline-flex h-11 w-14 shrink-0 items-center justify-center', className)}
    >
      <input
        type="checkbox"
        role="switch"
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-input transition-colors group-has-[:checked]:bg-primary group-has-[:disabled]:opacity-50 group-has-[:focus-visible]:ring-2 group-has-[:focus-visible]:ring-ring group-has-[:focus-visible]:ring-offset-2"
      >
        <span className="block size-5 rounded-full bg-background shadow transition-transform group-has-[:checked]:translate-x-5" />
      </span>
    </span>
  );
}
