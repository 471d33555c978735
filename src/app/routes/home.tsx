import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { it } from '@/i18n/it';
import { isProductRole } from '@contract/permissions';
import { useSessionUser } from '@/lib/session-store';

export function Home() {
  const user = useSessionUser();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h1">{it.home.greeting(user?.username ?? '')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4 text-muted-foreground">
        <p>{it.home.intro}</p>
        {/* USER_{PRODUCT}'s default list: the case restores (docs/product.md#layout-and-navigation). */}
        {user && isProductRole(user.role) && (
          <Button asChild>
            <Link to="/gestione_ripristini_casi/gestioneRipristiniCasi">{it.layout.caseRestores}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
