import { statementsMigration } from './statements';

/**
 * Every change that can refuse or alter a signed-in caller is announced on the `storico_sessions` channel, by the
 * database itself, whoever writes it (a route, `npm run user:reset`, another instance, an operator's SQL): a session
 * ended or removed (`jti:<jti>`), a user's role, name or deletion changed or the user removed (`user:<id>`), a role
 * renamed or removed (`all`). Each instance keeps the sessions it checked in memory only while it receives these
 * (decision record 026). The payload names no secret.
 */
const up = [
  `create function storico_session_changed() returns trigger language plpgsql as $$
   begin
     if tg_table_name = 'sessions' then
       perform pg_notify('storico_sessions', 'jti:' || old.jti);
     elsif tg_table_name = 'users' then
       perform pg_notify('storico_sessions', 'user:' || old.id);
     else
       perform pg_notify('storico_sessions', 'all');
     end if;
     return null;
   end $$`,
  `create trigger sessions_changed after update on sessions for each row
     when (old.ended_at is distinct from new.ended_at or old.expires_at is distinct from new.expires_at
       or old.user_id is distinct from new.user_id)
     execute function storico_session_changed()`,
  `create trigger sessions_removed after delete on sessions for each row execute function storico_session_changed()`,
  `create trigger users_changed after update on users for each row
     when (old.role_id is distinct from new.role_id or old.deleted is distinct from new.deleted
       or old.username is distinct from new.username)
     execute function storico_session_changed()`,
  `create trigger users_removed after delete on users for each row execute function storico_session_changed()`,
  `create trigger roles_changed after update or delete on roles for each row
     execute function storico_session_changed()`,
];

const down = [
  `drop trigger roles_changed on roles`,
  `drop trigger users_removed on users`,
  `drop trigger users_changed on users`,
  `drop trigger sessions_removed on sessions`,
  `drop trigger sessions_changed on sessions`,
  `drop function storico_session_changed()`,
];

export const sessionChanges = statementsMigration(up, down);
