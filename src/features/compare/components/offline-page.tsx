import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { formatDateTime, formatDay } from '@/lib/dates';
import { useSessionUser } from '@/lib/session-store';
import { listComparisons } from '@/offline/comparison-store';
import { useSavedComparisons } from '@/offline/use-saved-comparisons';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { lifeOf, RecordLifeMarks } from '@/domain/comparison/record-life';

/** The comparisons saved on this device for the signed-in user; each opens its detail screen, online or not. */
export function OfflinePage() {
  const user = useSessionUser();
  const comparisons = useSavedComparisons(
    () => (user ? listComparisons(user.id) : Promise.resolve([])),
    [user?.id],
  );
  const t = it.offline;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{t.title}</PageTitle>
      <p className="text-sm text-muted-foreground">{t.intro}</p>
      {comparisons && comparisons.length === 0 && <p>{t.empty}</p>}
      {comparisons && comparisons.length > 0 && (
        <Table aria-label={t.title}>
          <TableHeader>
            <TableRow>
              <TableHead>{t.columns.record}</TableHead>
              <TableHead>{t.columns.type}</TableHead>
              <TableHead>{t.columns.dates}</TableHead>
              <TableHead>{t.columns.savedAt}</TableHead>
              <TableHead>
                <span className="sr-only">{t.columns.open}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {comparisons.map((c) => (
              <TableRow key={c.key}>
                <TableCell>
                  <span className="font-medium">{c.label}</span>
                  {/* Offline the other record's screen may not be saved: the marks say, without links. */}
                  <RecordLifeMarks life={lifeOf(c.second)} className="mt-1" />
                </TableCell>
                <TableCell>{t.kinds[c.kind]}</TableCell>
                <TableCell>{t.range(formatDay(c.dateFrom), formatDay(c.dateTo))}</TableCell>
                <TableCell>{formatDateTime(c.savedAt)}</TableCell>
                <TableCell className="text-right">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={recordKinds[c.kind].routes.detail(c.recordId)}
                      aria-label={t.openRecord(c.label, formatDay(c.dateFrom), formatDay(c.dateTo))}
                    >
                      {t.columns.open}
                    </Link>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
