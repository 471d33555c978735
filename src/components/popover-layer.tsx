import { useRef, type ComponentProps, type RefObject } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from './ui/popover';

export type PopoverLayerProps = ComponentProps<typeof PopoverContent> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger, a plain button (on-demand-popover.tsx): the content is placed against it. */
  anchor: RefObject<HTMLElement | null>;
};

/** radix's Popover around a trigger it does not render, behaving as its own Trigger would. */
export function PopoverLayer({ open, onOpenChange, anchor, ...content }: PopoverLayerProps) {
  const interactedOutside = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        {...content}
        onInteractOutside={(event) => {
          // The trigger opens and closes the popover itself: a press on it is not one outside.
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          else interactedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          // Focus goes back to the trigger, unless the user moved it elsewhere.
          event.preventDefault();
          if (!interactedOutside.current) anchor.current?.focus();
          interactedOutside.current = false;
        }}
      />
    </Popover>
  );
}
