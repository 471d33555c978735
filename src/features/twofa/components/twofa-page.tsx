import { Link, useParams } from 'react-router-dom';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { it } from '@/i18n/it';
import { ApiError } from '@/lib/api-client';
import { useQrCode } from '../api/get-qr-code';

function SignInLink() {
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to="/signIn">{it.twoFactor.toSignIn}</Link>
    </Button>
  );
}

/** A space every four characters, so the secret can be read out and typed without losing one's place. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** `/2fa/{token}`: the QR code and the secret of an enrolment link (SPEC.md section 2). */
export function TwoFactorPage() {
  const token = useParams().token ?? '';
  const qr = useQrCode(token);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted p-4">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-lg border bg-card p-6 shadow-sm">
        <div className="flex flex-col items-center gap-2 text-center">
          <img src="/logo.svg" alt={it.app.name} width={48} height={48} />
          <h1 className="text-xl font-semibold">{it.twoFactor.title}</h1>
        </div>
        {qr.isPending ? (
          <div className="flex flex-col items-center gap-3" aria-busy="true">
            <span className="sr-only">{it.app.loading}</span>
            <Skeleton className="size-[300px] max-w-full" />
            <Skeleton className="h-6 w-3/4" />
          </div>
        ) : qr.isError ? (
          <>
            <p role="alert" className="text-center text-sm">
              {qr.error instanceof ApiError && qr.error.status === 401
                ? it.twoFactor.expired
                : it.twoFactor.error}
            </p>
            <SignInLink />
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{it.twoFactor.instructions}</p>
            <div className="mx-auto rounded-md border bg-white">
              <img
                src={qr.data.qrCode}
                alt={it.twoFactor.qrAlt}
                width={300}
                height={300}
                className="block size-[300px] max-w-full"
              />
            </div>
            <div className="flex flex-col gap-2">
              <p className="text-sm">{it.twoFactor.secretLabel}</p>
              <code
                data-testid="totp-secret"
                className="break-all rounded-md bg-muted p-3 text-center font-mono text-base tracking-wider select-all"
              >
                {grouped(qr.data.secretKey)}
              </code>
              <CopyButton
                value={qr.data.secretKey}
                label={it.twoFactor.copy}
                copiedMessage={it.twoFactor.copied}
              />
            </div>
            <SignInLink />
          </>
        )}
      </div>
    </main>
  );
}
