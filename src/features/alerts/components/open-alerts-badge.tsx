import { BellRing } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';
import { useOpenAlertCount } from '../api/get-alerts';

/** The header's count of open alerts, linking to 'Avvisi'; nothing when there is none. */
export function OpenAlertsBadge() {
  const online = useOnline();
  const count = useOpenAlertCount(online);
  if (!count.data) return null;
  const label = it.alerts.badge(count.data);
  return (
    <Link to="/avvisi" aria-label={label} title={label} className="inline-flex min-h-11 items-center">
      <Badge variant="warning" data-testid="open-alerts-badge">
        <BellRing className="size-3.5" aria-hidden="true" />
        {count.data}
      </Badge>
    </Link>
  );
}
