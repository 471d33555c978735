import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { it } from '@/i18n/it';
import { useSessionUser } from '@/lib/session-store';

export function Home() {
  const user = useSessionUser();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{it.home.greeting(user?.username ?? '')}</CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground">{it.home.intro}</CardContent>
    </Card>
  );
}
