import { CalendarDays } from 'lucide-react';
import { Suspense, useState } from 'react';
import { OnDemandPopover } from '@/components/on-demand-popover';
import { PartLoading } from '@/components/part-loading';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { it } from '@/i18n/it';
import { lazyNamed } from '@/lib/lazy-named';
import { dateToDay, dayToDate, dayToText, FIRST_DAY, LAST_DAY, parseTypedDay } from '@/lib/day-input';

const loadCalendar = () => import('@/components/ui/calendar');
const Calendar = lazyNamed(loadCalendar, 'Calendar');

const FIRST = dayToDate(FIRST_DAY);
const LAST = dayToDate(LAST_DAY);

/** Where the calendar opens: the typed day, else today kept inside 2000-2030. */
function openingMonth(day: string | undefined): Date {
  if (day) return dayToDate(day);
  const today = new Date();
  return today < FIRST ? FIRST : today > LAST ? LAST : today;
}

export type DateFieldProps = {
  id: string;
  label: string;
  /** The text as typed, DD/MM/YYYY. */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  error?: string;
  invalid?: boolean;
  describedBy?: string;
};

/** A date typed as DD/MM/YYYY or picked in a calendar limited to January 2000 - December 2030. */
export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  invalid,
  describedBy,
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const parsed = parseTypedDay(value);
  const selected = parsed.ok ? dayToDate(parsed.day) : undefined;
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-1">
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            // 5/3/2024 becomes 05/03/2024 once the field is left.
            if (parsed.ok && dayToText(parsed.day) !== value) onChange(dayToText(parsed.day));
            onBlur?.();
          }}
          placeholder={it.search.datePlaceholder}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={invalid || Boolean(error) || undefined}
          aria-describedby={described}
          className="min-w-0"
        />
        <OnDemandPopover
          open={open}
          onOpenChange={setOpen}
          preload={loadCalendar}
          trigger={
            <Button
              variant="outline"
              size="icon"
              className="shrink-0"
              aria-label={it.search.openCalendar(label)}
            >
              <CalendarDays aria-hidden="true" />
            </Button>
          }
          className="w-auto p-0"
          align="end"
          aria-label={it.calendar.dialog(label)}
        >
          <Suspense fallback={<PartLoading />}>
            <Calendar
              mode="single"
              selected={selected}
              defaultMonth={openingMonth(parsed.ok ? parsed.day : undefined)}
              startMonth={FIRST}
              endMonth={LAST}
              disabled={[{ before: FIRST }, { after: LAST }]}
              autoFocus
              onSelect={(date) => {
                if (date) onChange(dayToText(dateToDay(date)));
                setOpen(false);
              }}
            />
          </Suspense>
        </OnDemandPopover>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
