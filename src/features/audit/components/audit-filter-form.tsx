import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AuditFilter } from '@contract/audit';
import { AUDIT_ACTION_NAMES } from '@contract/audit-texts';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { itAudit } from '@/i18n/it-audit';
import { dayToText, parseTypedDay, typedDayError } from '@/lib/day-input';

type Texts = Record<'user' | 'action' | 'dateFrom' | 'dateTo', string>;
type Errors = Partial<Record<'dateFrom' | 'dateTo' | 'order', string>>;

const textsOf = (filter: AuditFilter): Texts => ({
  user: filter.user ?? '',
  action: filter.action ?? '',
  dateFrom: filter.dateFrom ? dayToText(filter.dateFrom) : '',
  dateTo: filter.dateTo ? dayToText(filter.dateTo) : '',
});

/** The filter the texts say, or what is wrong with them: dates typed DD/MM/YYYY, the start not after the end. */
function filterOf(texts: Texts): { filter: AuditFilter } | { errors: Errors } {
  const filter: AuditFilter = {};
  const errors: Errors = {};
  if (texts.user.trim()) filter.user = texts.user.trim();
  if (texts.action.trim()) filter.action = texts.action.trim();
  for (const key of ['dateFrom', 'dateTo'] as const) {
    if (!texts[key].trim()) continue;
    const typed = parseTypedDay(texts[key]);
    if (typed.ok) filter[key] = typed.day;
    else errors[key] = typedDayError(typed);
  }
  if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo) errors.order = itAudit.dateOrder;
  return Object.keys(errors).length > 0 ? { errors } : { filter };
}

const ORDER_ERROR_ID = 'audit-date-error';

/** 'Utente', 'Azione', 'Da' and 'A' for the audit log, applied with 'Filtra' and emptied with 'Azzera filtri'. */
export function AuditFilterForm({
  filter,
  onApply,
}: {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(filter));
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = filterOf(texts);
    setErrors('errors' in result ? result.errors : {});
    if ('filter' in result) onApply(result.filter);
  };

  const text = (key: 'user' | 'action') => ({
    id: `audit-${key}`,
    value: texts[key],
    onChange: (event: { target: { value: string } }) => setTexts({ ...texts, [key]: event.target.value }),
  });

  return (
    <form onSubmit={onSubmit} className="mb-4 flex flex-wrap items-start gap-3" noValidate>
      <div className="flex w-48 flex-col gap-2">
        <Label htmlFor="audit-user">{itAudit.user}</Label>
        <Input {...text('user')} placeholder={itAudit.userPlaceholder} autoComplete="off" />
      </div>
      {/* Wide enough for its whole placeholder, 'es. auth.login o restore'. */}
      <div className="flex w-60 flex-col gap-2">
        <Label htmlFor="audit-action">{itAudit.action}</Label>
        <Input
          {...text('action')}
          placeholder={itAudit.actionPlaceholder}
          autoComplete="off"
          list="audit-actions"
        />
        {/* The codes the filter takes, each with its Italian name: a whole area by its prefix, or one action. */}
        <datalist id="audit-actions">
          {Object.entries({ ...itAudit.actionAreas, ...AUDIT_ACTION_NAMES }).map(([code, name]) => (
            <option key={code} value={code} label={name} />
          ))}
        </datalist>
      </div>
      {/* 'Da' and 'A' move to the next line together, never one without the other. */}
      <div className="flex gap-3">
        {(['dateFrom', 'dateTo'] as const).map((key) => (
          // Room for the whole 'GG/MM/AAAA' beside the calendar button (tests/e2e/typed-fields.test.ts measures it).
          <div key={key} className="w-48">
            <DateField
              id={`audit-${key}`}
              label={itAudit[key]}
              value={texts[key]}
              onChange={(value) => {
                setTexts((current) => ({ ...current, [key]: value }));
                // A date being corrected no longer carries the message about what it was.
                setErrors(({ [key]: _edited, order: _order, ...others }) => others);
              }}
              error={errors[key]}
              invalid={Boolean(errors.order)}
              describedBy={errors.order ? ORDER_ERROR_ID : undefined}
            />
          </div>
        ))}
      </div>
      <div className="flex gap-3 self-end">
        <Button type="submit">
          <Filter aria-hidden="true" />
          {itAudit.apply}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setTexts(textsOf({}));
            setErrors({});
            onApply({});
          }}
        >
          <X aria-hidden="true" />
          {itAudit.clear}
        </Button>
      </div>
      {errors.order && (
        <p id={ORDER_ERROR_ID} role="alert" className="w-full text-sm text-destructive">
          {errors.order}
        </p>
      )}
    </form>
  );
}
