import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';

export function NotFound() {
  useDocumentTitle(it.notFound.message);
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">{it.notFound.title}</p>
      <h1 className="text-xl font-semibold">{it.notFound.message}</h1>
      <Button asChild>
        <Link to="/">{it.notFound.backHome}</Link>
      </Button>
    </div>
  );
}
