import { it as italian } from 'date-fns/locale/it';
import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { format } from 'date-fns';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : orientation === 'right' ? ChevronRight : ChevronDown;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/** The navigation buttons are `aria-disabled` at the ends of the range, not `disabled`. */
const navDisabled = 'z-10 aria-disabled:pointer-events-none aria-disabled:opacity-40';

/** react-day-picker in Italian, with month and year dropdowns and 44 px day buttons. */
export function Calendar({
  className,
  classNames,
  captionLayout = 'dropdown',
  ...props
}: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      locale={italian}
      labels={{
        labelNext: () => it.calendar.labelNext,
        labelPrevious: () => it.calendar.labelPrevious,
        labelMonthDropdown: () => it.calendar.labelMonthDropdown,
        labelYearDropdown: () => it.calendar.labelYearDropdown,
        labelNav: () => it.calendar.labelNav,
        // The library's own day labels add English ('Today', 'selected') to the Italian date.
        labelDayButton: (date, modifiers) =>
          it.calendar.labelDay(
            format(date, 'PPPP', { locale: italian }),
            Boolean(modifiers.today),
            Boolean(modifiers.selected),
          ),
        labelGridcell: (date, modifiers) =>
          it.calendar.labelDay(format(date, 'PPPP', { locale: italian }), Boolean(modifiers?.today), false),
      }}
      captionLayout={captionLayout}
      className={cn('p-3', className)}
      classNames={{
        root: 'relative',
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), navDisabled),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), navDisabled),
        month_caption: 'flex h-11 items-center justify-center px-12',
        caption_label: 'flex items-center gap-1 text-sm font-medium',
        dropdowns: 'flex items-center gap-2 text-sm font-medium',
        dropdown_root:
          'relative flex min-h-11 items-center rounded-md border border-input px-2 has-focus:ring-2 has-focus:ring-ring',
        dropdown: 'absolute inset-0 cursor-pointer opacity-0',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-11 text-center text-xs font-normal text-muted-foreground',
        week: 'mt-1 flex w-full',
        day: 'size-11 p-0 text-center text-sm',
        day_button: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'font-normal aria-selected:opacity-100',
        ),
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
        today: '[&>button]:border [&>button]:border-primary',
        outside: 'text-muted-foreground opacity-60',
        disabled: 'text-muted-foreground opacity-40',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}
