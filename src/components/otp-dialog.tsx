import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ONE_TIME_CODE_LENGTH, OneTimeCodeInput } from '@/components/one-time-code-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';

/**
 * Asks for the one-time code that confirms a restore or a review, in the six boxes of the sign-in code (the last
 * digit or Enter submits) on every screen, the detail screens included (DESIGN.md section 8). `onSubmit` answers whether the dialog is done;
 * when it is not (a refused code) the field empties for a new try and `error` says why. `children` shows above the
 * code (what the code confirms); while `blocked` says why, nothing can be confirmed.
 */
export function OtpDialog({
  title,
  description,
  confirmLabel = it.restore.confirm,
  pending,
  error,
  onSubmit,
  onClose,
  blocked,
  children,
}: {
  title: string;
  description: string;
  confirmLabel?: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => Promise<boolean>;
  onClose: () => void;
  blocked?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const online = useOnline();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [edited, setEdited] = useState(false);
  const submitting = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = async (value: string) => {
    if (submitting.current || pending || !online || blocked) return;
    if (value.length !== ONE_TIME_CODE_LENGTH) {
      setIncomplete(true);
      return;
    }
    submitting.current = true;
    setEdited(false);
    const done = await onSubmit(value);
    submitting.current = false;
    if (!done) {
      // A refused code: the boxes empty and take the focus back for the next try.
      setCode('');
      codeInput.current?.focus();
    }
  };

  const onChange = (value: string) => {
    setCode(value);
    setIncomplete(false);
    setEdited(true);
  };

  const message = incomplete ? it.restore.codeRequired : edited ? undefined : error;
  const field = {
    id: `${id}-code`,
    autoFocus: true,
    disabled: pending,
    'aria-invalid': !!message,
    'aria-describedby': message ? `${id}-error` : undefined,
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className={children ? 'max-w-3xl' : undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void submit(code);
          }}
        >
          <div className="flex flex-col items-center gap-3">
            <Label htmlFor={field.id}>{it.restore.codeLabel}</Label>
            <OneTimeCodeInput
              {...field}
              ref={codeInput}
              value={code}
              onChange={onChange}
              onComplete={(value: string) => void submit(value)}
            />
          </div>
          {message && (
            <p id={`${id}-error`} role="alert" className="text-center text-sm font-medium text-destructive">
              {message}
            </p>
          )}
          {blocked && (
            <p role="alert" className="text-center text-sm font-medium text-destructive">
              {blocked}
            </p>
          )}
          {!online && <p className="text-center text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {it.restore.cancel}
            </Button>
            <Button type="submit" disabled={pending || !online || !!blocked}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
