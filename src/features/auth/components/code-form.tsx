import { ArrowLeft } from 'lucide-react';
import { CodeEntryField, useCodeEntry } from '@/components/code-entry';
import { Button } from '@/components/ui/button';
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
  const online = useOnline();
  const entry = useCodeEntry({
    onSubmit,
    blocked: pending || !online,
    error,
    incompleteMessage: it.signIn.codeRequired,
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={entry.submitForm}>
      <CodeEntryField entry={entry} label={it.signIn.codeLabel} disabled={pending} />
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
