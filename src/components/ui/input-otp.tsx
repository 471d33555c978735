import { OTPInput, OTPInputContext } from 'input-otp';
import { MinusIcon } from 'lucide-react';
import { useContext, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** shadcn's InputOTP: one hidden input drawn as boxes; typing, deleting and pasting work as in a text field. */
export function InputOTP({
  className,
  containerClassName,
  ...props
}: ComponentProps<typeof OTPInput> & { containerClassName?: string }) {
  return (
    <OTPInput
      data-slot="input-otp"
      containerClassName={cn('flex items-center gap-2 has-disabled:opacity-50', containerClassName)}
      className={cn('disabled:cursor-not-allowed', className)}
      {...props}
    />
  );
}

export function InputOTPGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="input-otp-group" className={cn('flex items-center gap-1.5', className)} {...props} />
  );
}

export function InputOTPSlot({ index, className, ...props }: ComponentProps<'div'> & { index: number }) {
  const context = useContext(OTPInputContext);
  const { char, hasFakeCaret, isActive } = context?.slots[index] ?? {};
  return (
    <div
      data-slot="input-otp-slot"
      data-active={isActive}
      className={cn(
        'relative flex size-11 items-center justify-center rounded-md border border-input bg-background text-lg font-medium shadow-xs transition-all aria-invalid:border-destructive data-[active=true]:z-10 data-[active=true]:ring-2 data-[active=true]:ring-ring sm:size-12',
        className,
      )}
      {...props}
    >
      {char}
      {/*
        The caret is hidden, never removed: removing it as the code loses focus changes the DOM while focus is between
        two elements, and a dialog's focus trap (radix's FocusScope) then takes focus back to the dialog, so Tab
        never reached the dialog's buttons.
      */}
      <div
        className={cn(
          'pointer-events-none absolute inset-0 items-center justify-center',
          hasFakeCaret ? 'flex' : 'hidden',
        )}
      >
        <div className="h-5 w-px animate-pulse bg-foreground duration-1000" />
      </div>
    </div>
  );
}

export function InputOTPSeparator(props: ComponentProps<'div'>) {
  return (
    <div data-slot="input-otp-separator" role="separator" {...props}>
      <MinusIcon className="size-4" aria-hidden="true" />
    </div>
  );
}
