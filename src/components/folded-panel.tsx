import { ChevronDown } from 'lucide-react';
import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { PartLoading } from '@/components/part-loading';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

/**
 * A panel of a screen headed by a button that folds and unfolds it (a level-2 heading), whose content is mounted
 * only while open and may load its code then (`PartLoading` meanwhile): the detail screens' timeline and e-mails.
 */
export function FoldedPanel({
  icon,
  title,
  children,
  ...props
}: Omit<ComponentProps<typeof Collapsible>, 'title'> & { icon: ReactNode; title: string }) {
  return (
    <Collapsible className="rounded-lg border bg-card" {...props}>
      <h2>
        <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 rounded-lg px-4 py-2 text-left font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {icon}
          <span className="flex-1">{title}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
          />
        </CollapsibleTrigger>
      </h2>
      <CollapsibleContent className="flex flex-col gap-3 px-4 pb-4">
        <Suspense fallback={<PartLoading />}>{children}</Suspense>
      </CollapsibleContent>
    </Collapsible>
  );
}
