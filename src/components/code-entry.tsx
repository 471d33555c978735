import { useId, useRef, useState, type FormEvent } from 'react';
import { ONE_TIME_CODE_LENGTH, OneTimeCodeInput } from '@/components/one-time-code-input';
import { Label } from '@/components/ui/label';

export type CodeEntry = {
  code: string;
  /** What the field says under the boxes: the code is incomplete, or `error` until the code is edited. */
  message: string | undefined;
  /** Counts the refused codes: the boxes are made anew for each try, and take the focus. */
  attempt: number;
  change: (value: string) => void;
  /** Sends `value` when it has all six digits and nothing blocks it; says so when it has fewer. */
  submit: (value: string) => Promise<void>;
  /** The enclosing form's submit (Enter, its button): sends the code as entered. */
  submitForm: (event: FormEvent) => void;
};

/**
 * A one-time code being entered in the six boxes: the last digit (typed or pasted) or Enter submits it. `onSubmit`
 * answers whether the code was taken; a refused one empties the boxes and takes the focus back for the next try,
 * and `error` (why it was refused) shows until the code is edited.
 */
export function useCodeEntry({
  onSubmit,
  blocked,
  error,
  incompleteMessage,
}: {
  onSubmit: (code: string) => Promise<boolean>;
  /** Nothing is sent meanwhile (a request pending, offline). */
  blocked: boolean;
  error: string | undefined;
  incompleteMessage: string;
}): CodeEntry {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [edited, setEdited] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const submitting = useRef(false);

  const submit = async (value: string) => {
    if (submitting.current || blocked) return;
    if (value.length !== ONE_TIME_CODE_LENGTH) {
      setIncomplete(true);
      return;
    }
    submitting.current = true;
    setEdited(false);
    const taken = await onSubmit(value);
    submitting.current = false;
    if (!taken) {
      setCode('');
      setAttempt((n) => n + 1);
    }
  };

  const change = (value: string) => {
    setCode(value);
    setIncomplete(false);
    setEdited(true);
  };

  const message = incomplete ? incompleteMessage : edited ? undefined : error;
  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return { code, message, attempt, change, submit, submitForm };
}

/**
 * The label, the six boxes and the message of a code entry, inside the form whose submit sends `entry.code`. The
 * boxes take the focus when they appear (`autoFocus`, the default) and after a refused code.
 */
export function CodeEntryField({
  entry,
  label,
  disabled,
  autoFocus = true,
}: {
  entry: CodeEntry;
  label: string;
  disabled: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="flex flex-col items-center gap-3">
        <Label htmlFor={`${id}-code`}>{label}</Label>
        <OneTimeCodeInput
          key={entry.attempt}
          id={`${id}-code`}
          autoFocus={autoFocus || entry.attempt > 0}
          value={entry.code}
          disabled={disabled}
          aria-invalid={!!entry.message}
          aria-describedby={entry.message ? `${id}-error` : undefined}
          onChange={entry.change}
          onComplete={(value: string) => void entry.submit(value)}
        />
      </div>
      {entry.message && (
        <p id={`${id}-error`} role="alert" className="text-center text-sm font-medium text-destructive">
          {entry.message}
        </p>
      )}
    </>
  );
}
