import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { itSettings } from '@/i18n/it-settings';
import { browserOf } from '@/lib/browser-name';
import { formatDateTime } from '@/lib/dates';
import { errorMessage, isSignedOut } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

/** A session's browser as a person knows it ('Chrome su Windows'), else its User-Agent as sent. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return itSettings.sessions.unknownBrowser;
  const { browser, system } = browserOf(userAgent);
  if (!browser) return userAgent;
  return system ? itSettings.sessions.browserOn(browser, system) : browser;
}

/** Your open sessions, with 'Termina' on each other one and 'Termina tutte le altre'. */
export function SessionsCard() {
  const online = useOnline();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: unknown) => {
    if (!isSignedOut(error)) toast.error(itSettings.sessions.endFailed, { description: errorMessage(error) });
  };
  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <Card className="mt-6 max-w-2xl">
      <CardHeader>
        <CardTitle>{itSettings.sessions.title}</CardTitle>
        <CardDescription>{itSettings.sessions.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isError && <p role="alert">{itSettings.sessions.loadFailed}</p>}
        <ul className="flex flex-col gap-3" aria-label={itSettings.sessions.title}>
          {(sessions.data ?? []).map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 border-b pb-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-all" title={session.browser ?? undefined}>
                  {browserName(session.browser)}
                </p>
                <p className="text-muted-foreground">
                  {itSettings.sessions.details(
                    formatDateTime(session.startedAt),
                    formatDateTime(session.lastUsedAt),
                    session.ip ?? '—',
                  )}
                </p>
              </div>
              {session.current ? (
                <span className="text-sm text-muted-foreground">{itSettings.sessions.current}</span>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!online || endOne.isPending}
                  aria-label={itSettings.sessions.endOneLabel(
                    `${browserName(session.browser)}, ${formatDateTime(session.startedAt)}`,
                  )}
                  onClick={() =>
                    endOne.mutate(session.id, {
                      onSuccess: () => toast.success(itSettings.sessions.ended),
                      onError: failed,
                    })
                  }
                >
                  {itSettings.sessions.endOne}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Button
          className="mt-4"
          variant="destructive"
          disabled={!online || others.length === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => toast.success(itSettings.sessions.othersEnded),
              onError: failed,
            })
          }
        >
          {itSettings.sessions.endOthers}
        </Button>
      </CardContent>
    </Card>
  );
}
