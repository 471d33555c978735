import {
  cloneElement,
  Suspense,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import type { PopoverLayerProps } from './popover-layer';

const PopoverLayer = lazyNamed(() => import('./popover-layer'), 'PopoverLayer');

type TriggerProps = {
  ref?: Ref<HTMLButtonElement>;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  'aria-haspopup'?: 'dialog' | 'listbox';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  'data-state'?: 'open' | 'closed';
};

export type OnDemandPopoverProps = Omit<PopoverLayerProps, 'anchor'> & {
  /** The button that opens and closes the popover. */
  trigger: ReactElement<TriggerProps>;
};

/**
 * A popover whose machinery (radix's Popover: placement, dismissal, focus handling) loads when it first opens, not
 * with the screen (decision 023). Until then `trigger` is a plain button, and it stays the same element after.
 */
export function OnDemandPopover({ trigger, open, onOpenChange, ...content }: OnDemandPopoverProps) {
  const anchor = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const [used, setUsed] = useState(false);
  const { onClick, 'aria-haspopup': hasPopup = 'dialog' } = trigger.props;
  return (
    <>
      {cloneElement(trigger, {
        ref: anchor,
        'aria-haspopup': hasPopup,
        'aria-expanded': open,
        'aria-controls': open ? contentId : undefined,
        'data-state': open ? 'open' : 'closed',
        onClick: (event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          setUsed(true);
          onOpenChange(!open);
        },
      })}
      {used && (
        <Suspense fallback={null}>
          <PopoverLayer id={contentId} open={open} onOpenChange={onOpenChange} anchor={anchor} {...content} />
        </Suspense>
      )}
    </>
  );
}
