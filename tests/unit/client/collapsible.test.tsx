import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

function Section({ defaultOpen, onClick }: { defaultOpen?: boolean; onClick?: () => void }) {
  return (
    <Collapsible defaultOpen={defaultOpen} data-testid="root">
      <CollapsibleTrigger onClick={onClick}>Dettagli</CollapsibleTrigger>
      <CollapsibleContent>Nome e telefono</CollapsibleContent>
    </Collapsible>
  );
}

describe('Collapsible', () => {
  it('says on its button whether it is open and which content it folds, and unmounts that content when folded', async () => {
    render(<Section defaultOpen />);
    const button = screen.getByRole('button', { name: 'Dettagli' });
    const content = screen.getByText('Nome e telefono');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', content.id);
    expect(button).toHaveAttribute('data-state', 'open');
    expect(screen.getByTestId('root')).toHaveAttribute('data-state', 'open');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('data-state', 'closed');
    expect(screen.getByTestId('root')).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByText('Nome e telefono')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(screen.getByText('Nome e telefono')).toBeInTheDocument();
  });

  it('starts folded unless told otherwise, and runs the button’s own click first', async () => {
    const onClick = vi.fn();
    render(<Section onClick={onClick} />);
    expect(screen.queryByText('Nome e telefono')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dettagli' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByText('Nome e telefono')).toBeInTheDocument();
  });

  it('stays as it is when the button’s own click prevents the default', async () => {
    render(
      <Collapsible defaultOpen>
        <CollapsibleTrigger onClick={(event) => event.preventDefault()}>Dettagli</CollapsibleTrigger>
        <CollapsibleContent>Nome e telefono</CollapsibleContent>
      </Collapsible>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dettagli' }));
    expect(screen.getByText('Nome e telefono')).toBeInTheDocument();
  });

  it('follows the parent when controlled, telling it what the button asks', async () => {
    const changes: boolean[] = [];
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <Collapsible
          open={open}
          onOpenChange={(next) => {
            changes.push(next);
            setOpen(next);
          }}
        >
          <CollapsibleTrigger>Cronologia</CollapsibleTrigger>
          <CollapsibleContent>Revisioni</CollapsibleContent>
        </Collapsible>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Cronologia' }));
    expect(screen.getByText('Revisioni')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cronologia' }));
    expect(screen.queryByText('Revisioni')).not.toBeInTheDocument();
    expect(changes).toEqual([true, false]);
  });
});
