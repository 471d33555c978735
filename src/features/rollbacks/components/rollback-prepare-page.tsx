import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@contract/error-codes';
import type { RollbackPreview, RollbackScope } from '@contract/rollbacks';
import { NeverReadOffline } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { OtpDialog } from '@/components/otp-dialog';
import { PageTitle } from '@/components/page-title';
import { PartLoading } from '@/components/part-loading';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDateTime, formatDayOrDateTime } from '@/lib/dates';
import { codeRefusalText, isInvalidCode, isSignedOut } from '@/lib/error-message';
import { kindOfObject } from '@contract/record-kinds';
import { fieldLabel } from '@/domain/field-labels';
import { useOnline } from '@/lib/online-status';
import { OWN_ROLLBACKS_PATH } from '@/domain/rollback-link';
import { parseRollbackLink, type RollbackLink } from '@/domain/rollback-prepare-link';
import { formatSnapshotValue } from '@/domain/snapshot-value';
import { useCreateRollback } from '../api/create-rollback';
import { useRollbackPreview } from '../api/preview-rollback';
import { rollbackFailure } from './rollback-failure';

const t = itRollbacks;

/** Who changed a record after the window: Storico's own write by its number, else the CRM user by name or id. */
const laterAuthor = (record: RollbackPreview['laterChanged'][number]) =>
  record.storicoWrite
    ? t.storicoWrite(record.storicoWrite.kind, record.storicoWrite.id)
    : (record.changedByName ?? record.changedBy ?? '—');

/**
 * 'Prepara rollback' (USER_RANA), opened from an alert (its exact window) or from the search bar (whole days): the
 * preview of what goes back, per field and in a sample, the later-changed records apart with checkboxes, the field
 * choice, and 'Crea richiesta' with the user's code.
 */
export function RollbackPreparePage() {
  const [params] = useSearchParams();
  const link = parseRollbackLink(params);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{it.rollbacks.prepare}</PageTitle>
      {link ? <Prepare link={link} /> : <p role="alert">{t.missingScope}</p>}
    </div>
  );
}

function Prepare({ link }: { link: RollbackLink }) {
  const online = useOnline();
  const navigate = useNavigate();
  // null: every field; otherwise the fields kept ticked.
  const [fields, setFields] = useState<string[] | null>(null);
  const [included, setIncluded] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const scope: RollbackScope = {
    sfUserID: link.sfUserID,
    object: link.object,
    from: link.from,
    to: link.to,
    ...(fields ? { fields } : {}),
  };
  const preview = useRollbackPreview(scope);
  const create = useCreateRollback();

  if (preview.isError && !preview.data)
    return (
      <LoadFailed
        title={t.loadFailed}
        error={preview.error}
        retryLabel={t.retry}
        onRetry={() => void preview.refetch()}
      />
    );
  const data = preview.data;
  // Offline the preview waits for the network: say so rather than load for ever.
  if (!data) return online ? <PartLoading /> : <NeverReadOffline message={t.previewOffline} />;

  const total = data.records - data.laterChanged.length + included.size;
  // 'Nessun campo da ripristinare' (say, only records created in the window): a request would write nothing. A
  // later-changed record ticked may still have something to write back, which the preview does not count.
  const nothingToWrite =
    data.changedFields.length === 0 || (data.fieldCounts.length === 0 && included.size === 0);
  const toggleField = (field: string, on: boolean) => {
    const current = fields ?? data.changedFields;
    const next = on ? [...current, field] : current.filter((f) => f !== field);
    setFields(
      next.length === data.changedFields.length ? null : data.changedFields.filter((f) => next.includes(f)),
    );
  };
  const toggleRecord = (id: string, on: boolean) =>
    setIncluded((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (code: string): Promise<boolean> => {
    try {
      const created = await create.mutateAsync({
        ...scope,
        includeLaterChanged: [...included],
        ...(link.alertId ? { alertId: link.alertId } : {}),
        code,
      });
      setAsking(false);
      setCreatedId(created.id);
      // She follows it in 'Le mie richieste di rollback', pending until a reviewer decides.
      toast.success(t.created(created.id), {
        // The records are counted again when the request is made: a sync since the preview may change them.
        ...(created.total !== total ? { description: t.totalChanged(created.total, total) } : {}),
        action: { label: t.openOwn, onClick: () => void navigate(OWN_ROLLBACKS_PATH) },
      });
    } catch (error) {
      if (isInvalidCode(error)) {
        setCodeError(codeRefusalText(error));
        return false;
      }
      setAsking(false);
      if (!isSignedOut(error)) toast.error(t.createFailed, { description: rollbackFailure(error) });
    }
    return true;
  };

  return (
    <>
      <Summary data={data} />
      <Section id="rollback-fields" title={t.fieldsTitle}>
        <p className="text-sm text-muted-foreground">{t.fieldsHint}</p>
        <div className="flex flex-wrap gap-x-4">
          {data.changedFields.map((field) => {
            const on = !fields || fields.includes(field);
            return (
              <label key={field} className="flex items-center text-sm">
                <Checkbox
                  checked={on}
                  // The last field ticked stays: a rollback of no field writes nothing.
                  disabled={on && (fields?.length ?? data.changedFields.length) === 1}
                  onCheckedChange={(checked) => toggleField(field, checked === true)}
                />
                {fieldLabel(kindOfObject(data.object), field)}
              </label>
            );
          })}
        </div>
      </Section>
      <FieldCounts data={data} />
      <Sample data={data} />
      <Section id="rollback-later" title={t.laterTitle}>
        {data.laterChanged.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.laterNone}</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t.laterHint}</p>
            <ul className="flex flex-col">
              {data.laterChanged.map((record) => {
                const label = record.label ?? record.recordId;
                return (
                  <li key={record.recordId} className="flex items-center text-sm">
                    <Checkbox
                      aria-label={t.include(label)}
                      checked={included.has(record.recordId)}
                      onCheckedChange={(checked) => toggleRecord(record.recordId, checked === true)}
                    />
                    <span className="font-medium">{label}</span>
                    <span className="ml-2 text-muted-foreground">
                      {t.laterChangedBy(laterAuthor(record), formatDateTime(record.changedAt))}
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Section>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => {
            setCodeError(undefined);
            setAsking(true);
          }}
          disabled={!online || total === 0 || nothingToWrite || createdId !== null || preview.isFetching}
          aria-describedby={nothingToWrite && createdId === null ? 'rollback-empty' : undefined}
        >
          {t.create}
        </Button>
        {nothingToWrite && createdId === null && (
          <span id="rollback-empty" className="text-sm text-muted-foreground">
            {/* With fields unticked, the agent may well have changed records, only not in those fields. */}
            {fields ? t.noChanges : t.errorCodes[ErrorCode.ROLLBACK_EMPTY]}
          </span>
        )}
        {!online && <span className="text-sm text-muted-foreground">{it.offline.onlineOnly}</span>}
        {createdId !== null && (
          <>
            <span role="status" className="text-sm font-medium">
              {t.created(createdId)}
            </span>
            <Button asChild variant="outline">
              <Link to={OWN_ROLLBACKS_PATH}>{t.openOwn}</Link>
            </Button>
          </>
        )}
      </div>
      {asking && (
        <OtpDialog
          title={t.createTitle}
          description={t.createDescription(total)}
          pending={create.isPending}
          error={codeError}
          onSubmit={submit}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

function Summary({ data }: { data: RollbackPreview }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium" data-testid="rollback-scope">
        {t.scope(
          data.agentName ?? data.sfUserID,
          t.objects[data.object],
          formatDayOrDateTime(data.from),
          formatDayOrDateTime(data.to),
        )}
      </p>
      <p className="text-sm text-muted-foreground">{t.prepareIntro}</p>
      <p data-testid="rollback-records">{t.records(data.records)}</p>
      {data.withoutEarlierVersion > 0 && (
        <p className="text-sm text-muted-foreground">{t.withoutEarlierVersion(data.withoutEarlierVersion)}</p>
      )}
    </div>
  );
}

function FieldCounts({ data }: { data: RollbackPreview }) {
  return (
    <Section id="rollback-counts" title={t.fieldCountsTitle}>
      {data.fieldCounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noChanges}</p>
      ) : (
        <Table aria-labelledby="rollback-counts">
          <TableHeader>
            <TableRow>
              <TableHead>{t.field}</TableHead>
              <TableHead className="text-right">{t.count}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.fieldCounts.map((c) => (
              <TableRow key={c.field}>
                <TableCell>{fieldLabel(kindOfObject(data.object), c.field)}</TableCell>
                <TableCell className="text-right tabular-nums">{c.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function Sample({ data }: { data: RollbackPreview }) {
  if (data.sample.length === 0) return null;
  return (
    <Section id="rollback-sample" title={t.sampleTitle}>
      {/* Fixed columns wrap long values: the table never scrolls sideways (a frame with nothing to focus in it). */}
      <Table aria-labelledby="rollback-sample" className="table-fixed">
        <TableHeader>
          <TableRow>
            {/* Fixed columns: a long header wraps rather than running into the next one. */}
            <TableHead className="whitespace-normal">{t.record}</TableHead>
            <TableHead className="whitespace-normal">{t.field}</TableHead>
            <TableHead className="whitespace-normal">{t.before}</TableHead>
            <TableHead className="whitespace-normal">{t.after}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.sample.flatMap((record) =>
            record.changes.map((change, i) => (
              <TableRow key={`${record.recordId}-${change.field}`}>
                <TableCell>
                  {i === 0 ? (
                    <>
                      {record.label ?? record.recordId}
                      {record.deleted && <div className="text-xs text-muted-foreground">{t.deleted}</div>}
                    </>
                  ) : null}
                </TableCell>
                <TableCell>{fieldLabel(kindOfObject(data.object), change.field)}</TableCell>
                <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
                  {formatSnapshotValue(change.before)}
                </TableCell>
                <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
                  {formatSnapshotValue(change.after)}
                </TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </Section>
  );
}

/** A titled part of the preview; a table in it is named by the title. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
