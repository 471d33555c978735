import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CopyButton } from '@/components/copy-button';
import { CodeEntryField, useCodeEntry } from '@/components/code-entry';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { it } from '@/i18n/it';
import { itTwoFactor } from '@/i18n/it-twofa';
import { ApiError } from '@/lib/api-client';
import { failureReason } from '@/lib/error-message';
import { useConfirmEnrolment } from '../api/confirm-enrolment';
import { useQrCode } from '../api/get-qr-code';

function SignInLink() {
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to="/signIn">{itTwoFactor.toSignIn}</Link>
    </Button>
  );
}

/** A space every four characters, so the secret can be read out and typed without losing one's place. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * 'Conferma': a user who already signs in keeps their authenticator until a first code of the new one is entered
 * here; the last digit or Enter sends it, and a wrong code stays on the page for another try.
 */
function ConfirmBox({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const [problem, setProblem] = useState<string>();
  const mutation = useConfirmEnrolment();
  const entry = useCodeEntry({
    onSubmit: async (code) => {
      try {
        await mutation.mutateAsync({ qrToken: token, code });
      } catch (error) {
        setProblem(failureReason(error));
        return false;
      }
      onConfirmed();
      return true;
    },
    blocked: mutation.isPending,
    error: problem,
    incompleteMessage: itTwoFactor.confirmRequired,
  });

  return (
    <form className="flex flex-col items-center gap-3" noValidate onSubmit={entry.submitForm}>
      {/* Below the QR code: the page opens at its top, not at the boxes. */}
      <CodeEntryField
        entry={entry}
        label={itTwoFactor.confirmLabel}
        disabled={mutation.isPending}
        autoFocus={false}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {itTwoFactor.confirm}
      </Button>
    </form>
  );
}

/** `/2fa/{token}`: the QR code and the secret of an enrolment link (docs/product.md#enrolment-2fa-page). */
export function TwoFactorPage() {
  const token = useParams().token ?? '';
  const qr = useQrCode(token);
  const [confirmed, setConfirmed] = useState(false);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted p-4">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-lg border bg-card p-6 shadow-sm">
        <div className="flex flex-col items-center gap-2 text-center">
          <img src="/logo.svg" alt={it.app.name} width={48} height={48} />
          <h1 className="text-xl font-semibold">{itTwoFactor.title}</h1>
        </div>
        {confirmed ? (
          <>
            <p role="status" className="text-center text-sm">
              {itTwoFactor.confirmed}
            </p>
            <SignInLink />
          </>
        ) : qr.isPending ? (
          <div className="flex flex-col items-center gap-3" aria-busy="true">
            <span className="sr-only">{it.app.loading}</span>
            <Skeleton className="size-[300px] max-w-full" />
            <Skeleton className="h-6 w-3/4" />
          </div>
        ) : qr.isError ? (
          <>
            <p role="alert" className="text-center text-sm">
              {qr.error instanceof ApiError && qr.error.status === 401
                ? itTwoFactor.expired
                : itTwoFactor.error}
            </p>
            <SignInLink />
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {qr.data.confirm ? itTwoFactor.confirmInstructions : itTwoFactor.instructions}
            </p>
            <div className="mx-auto rounded-md border bg-white">
              <img
                src={qr.data.qrCode}
                alt={itTwoFactor.qrAlt}
                width={300}
                height={300}
                className="block size-[300px] max-w-full"
              />
            </div>
            <div className="flex flex-col gap-2">
              <p className="text-sm">{itTwoFactor.secretLabel}</p>
              <code
                data-testid="totp-secret"
                className="text-balance rounded-md bg-muted p-3 text-center font-mono text-base tracking-wider select-all"
              >
                {grouped(qr.data.secretKey)}
              </code>
              <CopyButton
                value={qr.data.secretKey}
                label={itTwoFactor.copy}
                copiedMessage={itTwoFactor.copied}
              />
            </div>
            {qr.data.confirm && <ConfirmBox token={token} onConfirmed={() => setConfirmed(true)} />}
            <SignInLink />
          </>
        )}
      </div>
    </main>
  );
}
