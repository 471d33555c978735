import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setOnline } from '../../support/online';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchBarProps } from '@/features/search/components/search-bar';
import { ok, startFakeApi } from './support/fake-api';

const agents = [
  { id: '005B', FirstName: 'Bianca', LastName: 'Verdi', username: 'zeta.verdi@demo.it' },
  { id: '005A', FirstName: 'Andrea', LastName: 'Rossi', username: 'andrea.rossi@demo.it' },
  { id: '005C', FirstName: 'Carla', LastName: 'Rossini', username: 'carla.rossini@demo.it' },
];

let api: Awaited<ReturnType<typeof startFakeApi>>;
let SearchBar: (props: SearchBarProps) => React.ReactNode;

beforeAll(async () => {
  api = await startFakeApi((url) => (url.pathname === '/api/v3/sf-user/' ? { body: ok(agents) } : undefined));
  ({ SearchBar } = await import('@/features/search/components/search-bar'));
  // jsdom lacks what cmdk uses to keep the highlighted option in view and to measure its list.
  Element.prototype.scrollIntoView = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => api.close());

function renderBar(props: Partial<SearchBarProps> = {}) {
  const onSearch = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SearchBar onSearch={onSearch} {...props} />
    </QueryClientProvider>,
  );
  return { onSearch, user: userEvent.setup() };
}

async function chooseAgent(user: ReturnType<typeof userEvent.setup>, typed: string, label: string) {
  const combobox = screen.getByRole('combobox', { name: 'Agente' });
  combobox.focus();
  await user.keyboard('{Enter}');
  await user.keyboard(typed);
  const listbox = await screen.findByRole('listbox');
  await within(listbox).findByRole('option', { name: new RegExp(label) });
  await user.keyboard('{Enter}');
  await screen.findByRole('combobox', { name: 'Agente' });
}

describe('the search bar', () => {
  it('says the agents are not available offline when they were never read, instead of loading for ever', async () => {
    setOnline(false);
    try {
      renderBar();
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveTextContent(
          'Agenti non disponibili offline',
        ),
      );
    } finally {
      setOnline(true);
    }
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveTextContent('Seleziona un agente'),
    );
  });

  it('labels every field and lists the agents by username, named first + last name', async () => {
    const { user } = renderBar();
    expect(screen.getByLabelText('Da')).toBeInTheDocument();
    expect(screen.getByLabelText('A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerca' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Agente' }));
    const options = await within(
      await screen.findByRole('listbox', { name: 'Elenco degli agenti' }),
    ).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Andrea Rossiandrea.rossi@demo.it',
      'Carla Rossinicarla.rossini@demo.it',
      'Bianca Verdizeta.verdi@demo.it',
    ]);
  });

  it('filters the agents as the user types', async () => {
    const { user } = renderBar();
    await user.click(screen.getByRole('combobox', { name: 'Agente' }));
    await screen.findAllByRole('option');
    await user.keyboard('verdi');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bianca Verdizeta.verdi@demo.it']);
  });

  it('finds agents by whole words typed, in any order, not by letters scattered through a name', async () => {
    const { user } = renderBar();
    await user.click(screen.getByRole('combobox', { name: 'Agente' }));
    await screen.findAllByRole('option');
    const shown = () =>
      within(screen.getByRole('listbox'))
        .queryAllByRole('option')
        .map((o) => o.textContent);
    // 'arli' is in no name: cmdk's own matching found 'cARLa rossInI' and 'AndRea rossi' by scattered letters.
    await user.keyboard('arli');
    expect(shown()).toEqual([]);
    await user.clear(screen.getByLabelText('Cerca un agente'));
    await user.keyboard('rossi and');
    expect(shown()).toEqual(['Andrea Rossiandrea.rossi@demo.it']);
  });

  it('puts focus in the filter when the list first opens, as it loads after the popover', async () => {
    const { user } = renderBar();
    screen.getByRole('combobox', { name: 'Agente' }).focus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('option');
    await waitFor(() => expect(screen.getByLabelText('Cerca un agente')).toHaveFocus());
    await user.keyboard('rossini{Enter}');
    expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveTextContent('Carla Rossini');
  });

  it('keeps what is typed into the agent picker before the list arrives, and filters by it once it does', async () => {
    api.setHandler((url) =>
      url.pathname === '/api/v3/sf-user/' ? { body: ok(agents), delayMs: 1500 } : undefined,
    );
    try {
      const { user } = renderBar();
      const combobox = screen.getByRole('combobox', { name: 'Agente' });
      combobox.focus();
      // Typed at once on the focused picker, while neither the list nor the code showing it is there.
      await user.keyboard('{Enter}rossini');
      const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
      await within(listbox).findByRole('option', { name: /Carla Rossini/ }, { timeout: 5000 });
      expect(screen.getByLabelText('Cerca un agente')).toHaveValue('rossini');
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Carla Rossinicarla.rossini@demo.it']);
      await user.keyboard('{Enter}');
      expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveTextContent('Carla Rossini');
    } finally {
      api.setHandler((url) => (url.pathname === '/api/v3/sf-user/' ? { body: ok(agents) } : undefined));
    }
  });

  it('opens the agent picker with a space, as any button, with an empty filter', async () => {
    const { user } = renderBar();
    screen.getByRole('combobox', { name: 'Agente' }).focus();
    await user.keyboard(' ');
    await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getByLabelText('Cerca un agente')).toHaveFocus());
    expect(screen.getByLabelText('Cerca un agente')).toHaveValue('');
  });

  it('opens the agent picker on a letter typed on it, keeping the letter', async () => {
    const { user } = renderBar();
    screen.getByRole('combobox', { name: 'Agente' }).focus();
    await user.keyboard('verdi');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getByLabelText('Cerca un agente')).toHaveValue('verdi'));
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bianca Verdizeta.verdi@demo.it']);
  });

  it('asks for every parameter when one is missing', async () => {
    const { user, onSearch } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Inserisci tutti i parametri di ricerca per visualizzare i dati',
    );
    await user.type(screen.getByLabelText('Da'), '01/03/2024');
    await user.type(screen.getByLabelText('A'), '31/03/2024');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Inserisci tutti i parametri di ricerca per visualizzare i dati',
    );
    expect(onSearch).not.toHaveBeenCalled();
  });

  // A start on the end day is refused too: one day would compare the version in effect at its end with itself.
  it.each([
    ['after the end date', '10/04/2024'],
    ['on the end date', '09/04/2024'],
  ])('refuses a start date %s', async (_, dateFrom) => {
    const { user, onSearch } = renderBar();
    await chooseAgent(user, 'rossi', 'Andrea Rossi');
    await user.type(screen.getByLabelText('Da'), dateFrom);
    await user.type(screen.getByLabelText('A'), '09/04/2024');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La data di inizio deve essere precedente alla data di fine',
    );
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses typed dates outside 2000-2030 or not DD/MM/YYYY', async () => {
    const { user, onSearch } = renderBar();
    await chooseAgent(user, 'rossi', 'Andrea Rossi');
    await user.type(screen.getByLabelText('Da'), '31/12/1999');
    await user.type(screen.getByLabelText('A'), '2024-03-31');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(
      await screen.findByText('La data deve essere compresa tra il 01/01/2000 e il 31/12/2030'),
    ).toBeInTheDocument();
    expect(screen.getByText('Inserisci una data valida nel formato GG/MM/AAAA')).toBeInTheDocument();
    expect(screen.getByLabelText('Da')).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the agent and the dates as YYYY-MM-DD, by keyboard alone', async () => {
    const { user, onSearch } = renderBar();
    await chooseAgent(user, 'carla', 'Carla Rossini');
    expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveTextContent('Carla Rossini');
    await user.tab();
    await user.keyboard('01/03/2024');
    await user.tab(); // the calendar button
    await user.tab();
    await user.keyboard('31/03/2024{Enter}');
    expect(onSearch).toHaveBeenCalledWith(
      { agentId: '005C', dateFrom: '2024-03-01', dateTo: '2024-03-31', deleted: false },
      { agentId: '005C', dateFrom: '01/03/2024', dateTo: '31/03/2024', deleted: false },
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts from the kept search bar data', async () => {
    renderBar({ defaults: { agentId: '005B', dateFrom: '01/01/2025', dateTo: '31/01/2025', deleted: true } });
    const combobox = screen.getByRole('combobox', { name: 'Agente' });
    expect(await within(combobox).findByText('Bianca Verdi')).toBeInTheDocument();
    expect(screen.getByLabelText('Da')).toHaveValue('01/01/2025');
    expect(screen.getByLabelText('A')).toHaveValue('31/01/2025');
    expect(screen.getByRole('switch', { name: 'Solo eliminati' })).toBeChecked();
  });

  it("searches only the deleted records with 'Solo eliminati', a labelled switch the words also turn on", async () => {
    const onChange = vi.fn();
    const { user, onSearch } = renderBar({ onChange });
    const toggle = screen.getByRole('switch', { name: 'Solo eliminati' });
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByText('Solo eliminati'));
    expect(toggle).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ deleted: true }));
    await chooseAgent(user, 'rossi', 'Andrea Rossi');
    await user.type(screen.getByLabelText('Da'), '01/03/2024');
    await user.type(screen.getByLabelText('A'), '31/03/2024');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(onSearch).toHaveBeenCalledWith(
      { agentId: '005A', dateFrom: '2024-03-01', dateTo: '2024-03-31', deleted: true },
      expect.objectContaining({ deleted: true }),
    );
    // By keyboard: Space switches it off again.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });
});
