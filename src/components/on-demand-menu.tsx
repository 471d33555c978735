import { cloneElement, Suspense, useState, type ReactElement } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import type { MenuItem } from './menu-layer';
import { useOnDemandTrigger, type TriggerProps } from './on-demand-trigger';

const MenuLayer = lazyNamed(() => import('./menu-layer'), 'MenuLayer');

export type { MenuItem };

/**
 * A button opening a menu of text items (menu-layer.tsx), whose machinery (radix's Popover: placement, dismissal)
 * loads when it first opens, not with the screen (decision 023), as OnDemandPopover does. `label` names the menu.
 */
export function OnDemandMenu({
  trigger,
  label,
  items,
}: {
  trigger: ReactElement<TriggerProps>;
  label: string;
  items: readonly MenuItem[];
}) {
  const [open, setOpen] = useState(false);
  const { props, anchor, id, used } = useOnDemandTrigger(trigger, 'menu', open, setOpen);
  return (
    <>
      {cloneElement(trigger, { ref: anchor, ...props })}
      {used && (
        <Suspense fallback={null}>
          <MenuLayer id={id} label={label} items={items} open={open} onOpenChange={setOpen} anchor={anchor} />
        </Suspense>
      )}
    </>
  );
}
