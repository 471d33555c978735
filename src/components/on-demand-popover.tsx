import { cloneElement, Suspense, type ReactElement } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnDemandTrigger, type TriggerProps } from './on-demand-trigger';
import type { PopoverLayerProps } from './popover-layer';

const PopoverLayer = lazyNamed(() => import('./popover-layer'), 'PopoverLayer');

export type OnDemandPopoverProps = Omit<PopoverLayerProps, 'anchor'> & {
  /** The button that opens and closes the popover. */
  trigger: ReactElement<TriggerProps>;
};

/**
 * A popover whose machinery (radix's Popover: placement, dismissal, focus handling) loads when it first opens, not
 * with the screen (decision 023). Until then `trigger` is a plain button, and it stays the same element after.
 */
export function OnDemandPopover({ trigger, open, onOpenChange, ...content }: OnDemandPopoverProps) {
  const { props, anchor, id, used } = useOnDemandTrigger(trigger, 'dialog', open, onOpenChange);
  return (
    <>
      {cloneElement(trigger, { ref: anchor, ...props })}
      {used && (
        <Suspense fallback={null}>
          <PopoverLayer id={id} open={open} onOpenChange={onOpenChange} anchor={anchor} {...content} />
        </Suspense>
      )}
    </>
  );
}
