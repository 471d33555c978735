import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { it } from '@/i18n/it-first-load';

/**
 * Bottom right, clear of the pages' own actions ('Segnala ripristino', 'Forza ripristino', 'Indietro', 'Crea utente'
 * stand at the top of their pages), so a click right after a success lands where it was meant.
 */
const CORNER = { bottom: 16, right: 16 };

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      offset={CORNER}
      mobileOffset={CORNER}
      richColors
      closeButton
      containerAriaLabel={it.toasts.region}
      toastOptions={{
        closeButtonAriaLabel: it.toasts.close,
        // A finger needs 44 px to close a toast on a tablet; sonner draws its close button at 20.
        classNames: { closeButton: 'pointer-coarse:!size-11' },
      }}
      {...props}
    />
  );
}
