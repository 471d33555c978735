import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

/*
 * sonner (its toasts and their container) is not part of the first page's script: it loads with the first toast.
 * Every toast goes through here, so that the container is mounted by then (ToastHost); sonner shows the toasts
 * raised before its container subscribed.
 */
let wanted = false;
const listeners = new Set<() => void>();

function show(raise: (toast: Sonner) => unknown): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast }) => raise(toast));
}

/** sonner's `toast`, `toast.success` and `toast.error`, loaded on first use. */
export const toast = Object.assign(
  (message: string, data?: ExternalToast) => show((toast) => toast(message, data)),
  {
    success: (message: string, data?: ExternalToast) => show((toast) => toast.success(message, data)),
    error: (message: string, data?: ExternalToast) => show((toast) => toast.error(message, data)),
  },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether a toast has been raised: the container is mounted from then on. */
export const useToastsWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
