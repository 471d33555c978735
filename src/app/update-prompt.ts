import { it } from '@/i18n/it-first-load';
import type { Activate } from '@/lib/service-worker';
import { toast } from '@/lib/toast';

/**
 * A new build waits until the user chooses 'Aggiorna': the waiting worker is told to take over and the page reloads
 * once it controls it, so no tab runs half old, half new code.
 */
export function offerUpdate(activate: Activate): void {
  toast(it.update.available, {
    id: 'sw-update',
    duration: Infinity,
    action: { label: it.update.reload, onClick: activate },
  });
}
