import { ArrowLeft } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ONE_TIME_CODE_LENGTH, OneTimeCodeInput } from '@/components/one-time-code-input';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { it } from '@/i18n/it-first-load';
import { useOnline } from '@/lib/online-status';

/**
 * The second sign-in step: the 6-digit code. The last digit (typed or pasted) submits; so does Enter. A refused
 * code empties the boxes for a new try.
 */
export function CodeForm({
  pending,
  error,
  onSubmit,
  onBack,
}: {
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => Promise<boolean>;
  onBack: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const submitting = useRef(false);
  const online = useOnline();

  const submit = async (value: string) => {
    if (submitting.current || !online) return;
    if (value.length !== ONE_TIME_CODE_LENGTH) {
      setIncomplete(true);
      return;
    }
    submitting.current = true;
    const accepted = await onSubmit(value);
    submitting.current = false;
    if (!accepted) setCode('');
  };

  const message = incomplete ? it.signIn.codeRequired : error;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit(code);
      }}
    >
      <div className="flex flex-col items-center gap-3">
        <Label htmlFor={`${id}-code`}>{it.signIn.codeLabel}</Label>
        <OneTimeCodeInput
          id={`${id}-code`}
          autoFocus
          value={code}
          disabled={pending}
          aria-invalid={!!message}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(value) => {
            setCode(value);
            setIncomplete(false);
          }}
          onComplete={(value: string) => void submit(value)}
        />
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-center text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      {!online && <p className="text-center text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
      <Button type="submit" disabled={pending || !online}>
        {pending ? it.signIn.checking : it.signIn.verify}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={pending}>
        <ArrowLeft aria-hidden="true" />
        {it.signIn.back}
      </Button>
    </form>
  );
}
