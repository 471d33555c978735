import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../support/fake-api';
import { api, bodiesOf, chooseRole, open, rowOf, server } from './support/users-fixture';

describe("Gestione utenti: 'Crea utente'", () => {
  it('validates the fields in Italian before calling the server', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Email'), 'non-una-email');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(await within(dialog).findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(within(dialog).getAllByText('La password deve essere almeno di 10 caratteri.')).toHaveLength(2);
    expect(bodiesOf('POST')).toHaveLength(0);
  });

  it("refuses a username that would read as another user's, in Italian", async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    // A Cyrillic 'а' in front of 'dmin'.
    await user.type(within(dialog).getByLabelText('Username'), '\u0430dmin');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await within(dialog).findByText(
        "Usa solo lettere dell'alfabeto latino (anche accentate), cifre e i segni . _ - @ '",
      ),
    ).toBeInTheDocument();
    expect(bodiesOf('POST')).toHaveLength(0);
  });

  it('refuses a password containing the username, and shows the server refusing a common one in Italian', async () => {
    api.setHandler((request) =>
      request.method === 'POST' && request.path === '/user/'
        ? refusal(400, 'The password is too common', 'PASSWORD_COMMON', { field: 'body.password' })
        : server.handle(request),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'mario.rossi');
    await user.type(within(dialog).getByLabelText('Email'), 'mario@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Mario.Rossi-2024!');
    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    await user.click(await screen.findByRole('option', { name: 'User Rana' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(await within(dialog).findByText('La password non può contenere lo username')).toBeInTheDocument();
    expect(bodiesOf('POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Password2024!');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await screen.findAllByText('Questa password è troppo comune: scegline una meno prevedibile'),
    ).not.toHaveLength(0);
  });

  it('creates a user with a role from the roles list, and refreshes the list', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'aaa.nuovo');
    await user.type(within(dialog).getByLabelText('Email'), 'nuovo@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Sicura-1');
    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'User Storico', 'User Rana']);
    await user.click(screen.getByRole('option', { name: 'User Storico' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));

    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    expect(bodiesOf('POST')).toEqual([
      {
        username: 'aaa.nuovo',
        email: 'nuovo@example.it',
        password: 'Password-Sicura-1',
        role: { name: 'USER_STORICO' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await rowOf('aaa.nuovo')).getByText('User Storico')).toBeInTheDocument();
  });

  it('names the duplicate username or e-mail on its field', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'storico');
    await user.type(within(dialog).getByLabelText('Email'), 'altro@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Sicura-1');
    await chooseRole(user, 'User Rana');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await within(dialog).findByText('Questo username è già usato da un altro utente'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText("Errore durante la creazione dell'utente")).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
