import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

/** A list that could not be read: what failed, the reason, and a button to read it again. */
export function LoadFailed({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md border p-4">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
