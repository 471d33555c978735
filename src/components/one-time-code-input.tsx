import { REGEXP_ONLY_DIGITS } from 'input-otp';
import type { ComponentProps } from 'react';
import { InputOTP, InputOTPGroup, InputOTPSeparator, InputOTPSlot } from '@/components/ui/input-otp';

export const ONE_TIME_CODE_LENGTH = 6;

/** Whatever was pasted ('123 456', '123-456', a whole sentence), its digits. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The 6-digit code from an authenticator app: one box per digit, digits only, pasting takes up to 6 digits.
 * `onComplete` fires when the last digit is entered (typed or pasted); inside a form, Enter submits it.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  ...props
}: Omit<ComponentProps<typeof InputOTP>, 'maxLength' | 'children' | 'render' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (code: string) => void;
}) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <InputOTP
      maxLength={ONE_TIME_CODE_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      pasteTransformer={digitsOnly}
      // Password managers have nothing to fill in a one-time code; this also skips their badge probing.
      pushPasswordManagerStrategy="none"
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      {...props}
    >
      <InputOTPGroup>
        {[0, 1, 2].map((index) => (
          <InputOTPSlot key={index} index={index} aria-invalid={invalid} />
        ))}
      </InputOTPGroup>
      <InputOTPSeparator />
      <InputOTPGroup>
        {[3, 4, 5].map((index) => (
          <InputOTPSlot key={index} index={index} aria-invalid={invalid} />
        ))}
      </InputOTPGroup>
    </InputOTP>
  );
}
