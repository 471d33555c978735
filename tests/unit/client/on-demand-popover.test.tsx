import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OnDemandPopover } from '@/components/on-demand-popover';

/** A popover as the screens use one: a button that opens it, and something else to click. */
function Field() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <OnDemandPopover
        open={open}
        onOpenChange={setOpen}
        aria-label="Pannello"
        trigger={<button type="button">Apri</button>}
      >
        <button type="button">Dentro</button>
      </OnDemandPopover>
      <button type="button">Fuori</button>
    </>
  );
}

describe('a popover loaded when first opened', () => {
  it('opens from its button and closes on Escape (focus back on the button), on the button and on a click outside', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const trigger = screen.getByRole('button', { name: 'Apri' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Pannello' });
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Fuori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fuori' }));
  });
});
