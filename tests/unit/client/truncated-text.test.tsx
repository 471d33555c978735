import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRUNCATE_AT, TruncatedText } from '@/components/truncated-text';

const long = Array.from({ length: 60 }, (_, i) => `parola${i}`).join(' ');

describe('a long description', () => {
  it('is cut at 450 characters', () => {
    expect(TRUNCATE_AT).toBe(450);
    expect(long.length).toBeGreaterThan(450);
    render(<TruncatedText text={long} />);
    expect(screen.getByTestId('truncated-text').textContent).toBe(`${long.slice(0, 450)}…`);
    expect(screen.queryByText(long)).not.toBeInTheDocument();
  });

  it("opens with 'altro' and closes again with 'meno'", async () => {
    const user = userEvent.setup();
    render(<TruncatedText text={long} />);
    await user.click(screen.getByRole('button', { name: 'altro' }));
    expect(screen.getByTestId('truncated-text').textContent).toBe(long);
    expect(screen.getByRole('button', { name: 'meno' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'meno' }));
    expect(screen.getByTestId('truncated-text').textContent).toBe(`${long.slice(0, 450)}…`);
  });

  it('is shown whole, with no link, up to 450 characters', () => {
    const exact = 'x'.repeat(450);
    render(<TruncatedText text={exact} />);
    expect(screen.getByText(exact)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
