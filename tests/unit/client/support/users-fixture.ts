import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import type { User } from '@contract/users';
import { ok, refusal, startFakeApi, type FakeReply, type FakeRequest } from '../../../support/fake-api';
import { setOnline } from '../../../support/online';

/*
 * Gestione utenti against an in-memory users API. Importing this module starts that API, points the app at it and
 * gives each test of the importing file 12 fresh users.
 */

// Typing into the dialogs of the whole app takes a few seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

export const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../../support/render-app');

const ROLES = {
  ADMIN: { id: 1, name: 'ADMIN', label: 'Admin' },
  USER_STORICO: { id: 2, name: 'USER_STORICO', label: 'User Storico' },
  USER_RANA: { id: 3, name: 'USER_RANA', label: 'User Rana' },
} as const;
type RoleName = keyof typeof ROLES;
const ME = { id: 1, username: 'admin', role: 'ADMIN' };

/** The users API, in memory, following contract/users.ts: paging, filter, 409 on duplicates. */
class UsersApi {
  users: User[] = [];
  nextId = 1;
  emailed = false;
  /** The `reset` query of every qr-token call, in order. */
  resets: (string | null)[] = [];
  /** ME's own password was set or sessions ended: the server refuses this session from then on. */
  meSignedOut = false;

  constructor(count: number) {
    this.add('admin', 'ADMIN');
    this.add('storico', 'USER_STORICO');
    for (let i = 1; i < count - 1; i++) this.add(`utente${String(i).padStart(2, '0')}`, 'USER_RANA');
  }

  add(username: string, role: RoleName, email = `${username}@example.it`): User {
    const user = { id: this.nextId++, username, email, deleted: false, role: ROLES[role] };
    this.users.push(user);
    return user;
  }

  duplicate(body: { username: string; email: string }, exceptId?: number): FakeReply | null {
    const others = this.users.filter((u) => u.id !== exceptId);
    const username = others.some((u) => u.username === body.username);
    const email = others.some((u) => u.email === body.email);
    if (username && email)
      return refusal(
        409,
        'Username and e-mail are already used by another user',
        'USERNAME_AND_EMAIL_TAKEN',
        {
          field: 'body.username,body.email',
        },
      );
    if (username)
      return refusal(409, 'Username is already used by another user', 'USERNAME_TAKEN', {
        field: 'body.username',
      });
    if (email)
      return refusal(409, 'E-mail is already used by another user', 'EMAIL_TAKEN', { field: 'body.email' });
    return null;
  }

  handle = ({ method, path, query, body }: FakeRequest): FakeReply => {
    if (this.meSignedOut) return refusal(401, 'Session expired or revoked', 'SESSION_EXPIRED');
    const idMatch = /^\/user\/(\d+)(\/qr-token|\/locks|\/sessions)?$/.exec(path);
    const target = idMatch ? this.users.find((u) => u.id === Number(idMatch[1])) : undefined;
    const ownSessionsEnd =
      target?.id === ME.id &&
      ((method === 'PUT' && (body as { password?: string }).password !== undefined) ||
        (method === 'DELETE' && idMatch?.[2] === '/sessions'));
    if (ownSessionsEnd) this.meSignedOut = true;
    if (method === 'GET' && path === '/role/') return ok(Object.values(ROLES));
    if (method === 'GET' && path === '/user/') {
      const filter = (query.get('filter') ?? '').toLowerCase();
      const all = this.users
        .filter((u) => u.username.includes(filter) || u.email.includes(filter))
        .sort((a, b) => a.username.localeCompare(b.username));
      const paged = query.get('isPaged') !== 'false';
      const size = paged ? Number(query.get('size')) : all.length;
      const page = paged ? Number(query.get('page')) : 0;
      return ok({
        content: all.slice(page * size, page * size + size),
        totalPages: Math.ceil(all.length / size),
        totalElements: all.length,
        size,
        number: page,
        pageable: { pageNumber: page, pageSize: size },
      });
    }
    if (method === 'POST' && path === '/user/') {
      const input = body as { username: string; email: string; role: { name: RoleName } };
      return (
        this.duplicate(input) ??
        ok(this.add(input.username, input.role.name, input.email), 'User created', 201)
      );
    }
    if (!target) return refusal(404, `No user with id ${idMatch?.[1]}`, 'NOT_FOUND');
    if (method === 'PUT') {
      const input = body as {
        username?: string;
        email?: string;
        role?: { name: RoleName };
        password?: string;
      };
      if (input.password === undefined) {
        const refused = this.duplicate(input as { username: string; email: string }, target.id);
        if (refused) return refused;
        Object.assign(target, {
          username: input.username,
          email: input.email,
          role: ROLES[input.role!.name],
        });
      }
      return ok(target, 'User updated');
    }
    if (method === 'DELETE' && idMatch?.[2] === '/locks') return ok({ cleared: 1 }, 'Locks cleared');
    if (method === 'DELETE' && idMatch?.[2] === '/sessions') return ok(null, 'Sessions ended');
    if (method === 'DELETE') {
      if (target.id === ME.id) return refusal(409, 'You cannot delete your own user', 'OWN_USER');
      this.users = this.users.filter((u) => u.id !== target.id);
      return ok(null, 'User deleted');
    }
    if (method === 'GET' && idMatch?.[2]) {
      this.resets.push(query.get('reset'));
      // An e-mailed link goes to its user alone: the answer holds neither it nor its token.
      return ok(
        this.emailed
          ? { emailed: true }
          : { qrToken: `tok${target.id}`, url: `http://storico.local/2fa/tok${target.id}`, emailed: false },
      );
    }
    return { status: 404 };
  };
}

/** This test's users API: a new one for every test. */
export let server: UsersApi;
beforeEach(() => {
  api.requests.length = 0;
  server = new UsersApi(12);
  api.setHandler(server.handle);
});
afterEach(() => {
  setOnline(true);
  resetApp();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

export const table = () => screen.getByRole('table', { name: 'Gestione utenti' });
export const rowOf = async (username: string) =>
  (await within(table()).findByRole('cell', { name: username })).closest('tr') as HTMLElement;
export const bodiesOf = (method: string) =>
  api.requests.filter((r) => r.method === method).map((r) => r.body);

/** Gestione utenti at `path`, signed in as admin, once the page's first row shows. */
export async function open(path = '/gestione_utenti/gestioneUtenti') {
  const view = await renderApp(path, { as: ME });
  await rowOf(path.includes('page=2') ? 'utente09' : 'admin');
  return { ...view, user: userEvent.setup({ delay: null }) };
}

export async function chooseRole(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
  await user.click(await screen.findByRole('option', { name: label }));
}
