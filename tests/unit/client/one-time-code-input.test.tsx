import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OneTimeCodeInput } from '@/components/one-time-code-input';

/** The input inside a form, the way the sign-in and restore screens use it. */
function CodeForm({ onSubmit }: { onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <label htmlFor="code">Codice</label>
      <OneTimeCodeInput id="code" value={code} onChange={setCode} onComplete={onSubmit} />
      <button type="submit">Verifica</button>
    </form>
  );
}

function setup() {
  const onSubmit = vi.fn<(code: string) => void>();
  render(<CodeForm onSubmit={onSubmit} />);
  const input = screen.getByLabelText('Codice');
  return { onSubmit, input, user: userEvent.setup() };
}

/** The digits drawn in the six boxes. */
const boxes = () =>
  Array.from(document.querySelectorAll('[data-slot="input-otp-slot"]')).map((slot) => slot.textContent);

describe('the one-time code input', () => {
  it('draws six empty boxes for one labelled numeric field', () => {
    const { input } = setup();
    expect(boxes()).toEqual(['', '', '', '', '', '']);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('puts one typed digit in each box and submits on the last one', async () => {
    const { input, onSubmit, user } = setup();
    await user.click(input);
    await user.keyboard('12345');
    expect(boxes()).toEqual(['1', '2', '3', '4', '5', '']);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('ignores anything but digits', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.keyboard('1a2-b');
    expect(input).toHaveValue('12');
  });

  it('takes up to 6 digits from a paste, whatever surrounds them, and submits', async () => {
    const { input, onSubmit, user } = setup();
    await user.click(input);
    await user.paste('Il tuo codice: 123 456 78');
    expect(boxes()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('keeps a shorter paste without submitting', async () => {
    const { input, onSubmit, user } = setup();
    await user.click(input);
    await user.paste('12-34');
    expect(boxes()).toEqual(['1', '2', '3', '4', '', '']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the form with Enter', async () => {
    const { input, onSubmit, user } = setup();
    await user.click(input);
    await user.keyboard('123{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123');
  });

  it('deletes the last digit with Backspace', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.keyboard('1234{Backspace}');
    expect(boxes()).toEqual(['1', '2', '3', '', '', '']);
  });
});
