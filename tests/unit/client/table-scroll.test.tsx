import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';

/** jsdom lays nothing out: the frame's widths are set here, and a ResizeObserver that reports once. */
function laidOut(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      disconnect() {}
    },
  );
}

const wide = () => (
  <Table aria-label="Audit">
    <TableBody>
      <TableRow>
        <TableCell>testo</TableCell>
      </TableRow>
    </TableBody>
  </Table>
);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a table wider than its frame', () => {
  it('makes the frame a named region in the tab order, so that it scrolls from the keyboard', async () => {
    laidOut(900, 400);
    render(wide());
    const frame = await screen.findByRole('region', { name: 'Audit, scorrevole in orizzontale' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toContainElement(screen.getByRole('table', { name: 'Audit' }));
  });

  it('shades the edge where columns are out of view, as a touch screen shows no scroll bar', async () => {
    laidOut(900, 400);
    render(wide());
    const frame = await screen.findByRole('region', { name: 'Audit, scorrevole in orizzontale' });
    expect(document.querySelector('[data-slot="table-more-right"]')).toBeInTheDocument();
    expect(document.querySelector('[data-slot="table-more-left"]')).toBeNull();
    // Scrolled to the end: the shade moves to the other edge.
    vi.spyOn(frame, 'scrollLeft', 'get').mockReturnValue(500);
    fireEvent.scroll(frame);
    await waitFor(() => expect(document.querySelector('[data-slot="table-more-right"]')).toBeNull());
    expect(document.querySelector('[data-slot="table-more-left"]')).toBeInTheDocument();
  });

  it('adds no stop to the tab order when the table fits', () => {
    laidOut(400, 400);
    render(wide());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
    expect(document.querySelector('[data-slot^="table-more"]')).toBeNull();
  });
});
