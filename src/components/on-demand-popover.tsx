import { cloneElement, Suspense, type ReactElement } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnDemandTrigger, type TriggerProps } from './on-demand-trigger';
import type { PopoverLayerProps } from './popover-layer';

const loadLayer = () => import('./popover-layer');
const PopoverLayer = lazyNamed(loadLayer, 'PopoverLayer');

export type OnDemandPopoverProps = Omit<PopoverLayerProps, 'anchor'> & {
  /** The button that opens and closes the popover. */
  trigger: ReactElement<TriggerProps>;
  /** Starts loading the popover's own content, as the layer's code starts loading on intent. */
  preload?: () => unknown;
};

/**
 * A popover whose machinery (radix's Popover: placement, dismissal, focus handling) loads when it first opens, not
 * with the screen (decision 023), or when the user shows the intent to open it. Until then `trigger` is a plain
 * button, and it stays the same element after.
 */
export function OnDemandPopover({ trigger, open, onOpenChange, preload, ...content }: OnDemandPopoverProps) {
  const { props, anchor, id, used } = useOnDemandTrigger(trigger, 'dialog', open, onOpenChange);
  // On intent (a pointer over the button, the focus on it, a touch starting) the code starts loading, so that what
  // is typed right after the click reaches the popover's field instead of a button still waiting for it.
  const start = () => {
    void loadLayer();
    void preload?.();
  };
  return (
    <>
      {cloneElement(trigger, {
        ref: anchor,
        onPointerEnter: start,
        onFocus: start,
        onTouchStart: start,
        ...props,
      })}
      {used && (
        <Suspense fallback={null}>
          <PopoverLayer id={id} open={open} onOpenChange={onOpenChange} anchor={anchor} {...content} />
        </Suspense>
      )}
    </>
  );
}
