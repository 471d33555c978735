import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it-first-load';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

function describe(error: unknown): { status: number | undefined; message: string } {
  if (isRouteErrorResponse(error))
    return { status: error.status, message: error.statusText || it.errorView.unknown };
  if (error instanceof ApiError) return { status: error.status || undefined, message: errorMessage(error) };
  return { status: undefined, message: it.errorView.unknown };
}

/** The router's error view: the status, the message and 'Ritenta' to load the page again. */
export function ErrorView() {
  const { status, message } = describe(useRouteError());
  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{it.errorView.title}</h1>
      {status !== undefined && <p className="text-4xl font-bold text-destructive">{status}</p>}
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={() => window.location.reload()}>{it.errorView.retry}</Button>
    </div>
  );
}
