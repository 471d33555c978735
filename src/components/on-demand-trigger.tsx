import { useId, useRef, useState, type MouseEvent, type ReactElement, type Ref, type RefObject } from 'react';

export type TriggerProps = {
  ref?: Ref<HTMLButtonElement>;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onTouchStart?: () => void;
  'aria-haspopup'?: 'dialog' | 'listbox' | 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  'data-state'?: 'open' | 'closed';
};

/**
 * The button of a layer that loads when it first opens (decision 023): `props` (with `ref: anchor`) make the
 * trigger say what it opens and whether it is open, and toggle it; it stays the same element. `used` turns true on
 * the first click, when the layer may load.
 */
export function useOnDemandTrigger(
  trigger: ReactElement<TriggerProps>,
  popup: 'dialog' | 'listbox' | 'menu',
  open: boolean,
  onOpenChange: (open: boolean) => void,
): { props: TriggerProps; anchor: RefObject<HTMLButtonElement | null>; id: string; used: boolean } {
  const anchor = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [used, setUsed] = useState(false);
  const { onClick, 'aria-haspopup': hasPopup = popup } = trigger.props;
  const props: TriggerProps = {
    'aria-haspopup': hasPopup,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    'data-state': open ? 'open' : 'closed',
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      onClick?.(event);
      if (event.defaultPrevented) return;
      setUsed(true);
      onOpenChange(!open);
    },
  };
  return { props, anchor, id, used };
}
