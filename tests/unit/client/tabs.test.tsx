import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
const LABELS = { PENDING: 'In corso', APPROVED: 'Approvati', REJECTED: 'Rifiutati' };

/** A list screen's tabs: the parent keeps the status, the one panel shows it. */
function StatusTabs({ onChange, disabled }: { onChange?: (value: string) => void; disabled?: string }) {
  const [status, setStatus] = useState<string>('PENDING');
  return (
    <Tabs
      value={status}
      onValueChange={(value) => {
        onChange?.(value);
        setStatus(value);
      }}
    >
      <TabsList aria-label="Stato">
        {STATUSES.map((value) => (
          <TabsTrigger key={value} value={value} disabled={value === disabled}>
            {LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={status}>Richieste: {status}</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('marks the selected tab, keeps only it in the tab order and labels its panel with it', () => {
    render(<StatusTabs />);
    expect(screen.getByRole('tablist', { name: 'Stato' })).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tab('In corso')).toHaveAttribute('aria-selected', 'true');
    expect(tab('In corso')).toHaveAttribute('data-state', 'active');
    expect(tab('In corso')).toHaveAttribute('tabindex', '0');
    expect(tab('Approvati')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Approvati')).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'In corso' });
    expect(panel).toHaveTextContent('Richieste: PENDING');
    expect(tab('In corso')).toHaveAttribute('aria-controls', panel.id);
  });

  it('tells the parent of a click on another tab, and not of one on the selected tab', async () => {
    const onChange = vi.fn();
    render(<StatusTabs onChange={onChange} />);
    await userEvent.click(tab('In corso'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(tab('Rifiutati'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('REJECTED');
    expect(tab('Rifiutati')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Rifiutati' })).toHaveTextContent('Richieste: REJECTED');
  });

  it('moves and chooses with the arrow keys, Home and End, round the ends, past a disabled tab', async () => {
    const onChange = vi.fn();
    render(<StatusTabs onChange={onChange} disabled="APPROVED" />);
    await userEvent.tab();
    expect(tab('In corso')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Rifiutati')).toHaveFocus();
    expect(tab('Rifiutati')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('In corso')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Rifiutati')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('In corso')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Rifiutati')).toHaveFocus();
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([
      'REJECTED',
      'PENDING',
      'REJECTED',
      'PENDING',
      'REJECTED',
    ]);
    // From the tab, Tab goes on to the panel.
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
