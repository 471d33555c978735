import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { it } from '@/i18n/it-first-load';

/** Below the 64 px header, so a toast never covers 'Esci' or the menu button. */
const BELOW_HEADER = { top: 72, right: 16 };

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      richColors
      closeButton
      containerAriaLabel={it.toasts.region}
      toastOptions={{ closeButtonAriaLabel: it.toasts.close }}
      {...props}
    />
  );
}
