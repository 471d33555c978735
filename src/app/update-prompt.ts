import { toast } from 'sonner';
import type { Workbox } from 'workbox-window';
import { it } from '@/i18n/it';

/**
 * A new build waits until the user chooses 'Aggiorna': the waiting worker is told to take over and the page reloads
 * once it controls it, so no tab runs half old, half new code.
 */
export function promptForUpdates(wb: Workbox): void {
  wb.addEventListener('waiting', () => {
    toast(it.update.available, {
      id: 'sw-update',
      duration: Infinity,
      action: {
        label: it.update.reload,
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
}
