import { screen, waitFor, type ByRoleOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A modal dialog as a user meets it: on screen and taking clicks. A radix modal turns the page's pointer events off
 * and its own back on one effect after it appears; a click in between is refused (the page shows it for a frame).
 */
export async function findModal(
  role: 'dialog' | 'alertdialog',
  options?: ByRoleOptions,
): Promise<HTMLElement> {
  const modal = await screen.findByRole(role, options);
  await waitFor(() =>
    expect(
      getComputedStyle(document.body).pointerEvents === 'none' ? modal.style.pointerEvents : 'auto',
    ).toBe('auto'),
  );
  return modal;
}
