-- The Void: one public, anonymous wall of thoughts.
--
-- Applied unchanged to a hosted Supabase project (roles anon, authenticated, service_role and
-- authenticator exist there) and by the local backend in server/ (which creates those roles first,
-- with Supabase's default privileges, so the revokes below are proven locally too).
-- The database, not the client, enforces what can be written: column grants, row-level security,
-- the length and blankness checks, a server-set created_at and a per-client write rate limit.

-- Migration lint (squawk, .squawk.toml): this file was applied as released; what the lint reports is
-- allowed here, not changed. It creates its tables before any row exists, so no lock waits on a
-- writer (lock and statement timeouts); void_settings' integer is a small count per minute.
-- squawk-ignore-file require-lock-timeout, require-statement-timeout, prefer-bigint-over-int

-- The wall ------------------------------------------------------------------------------------------

create table public.void_thoughts (
  id bigint generated always as identity primary key,
  text text not null,
  created_at timestamptz not null default now(),
  -- The idempotency key of an offer, made by the client: a repeat of the same offer is ignored.
  client_id uuid unique,
  -- Not blank once whitespace is trimmed: spaces, tabs, line breaks, no-break and other Unicode
  -- spaces, and the zero-width space: the characters the app trims (src/shared/thought.ts).
  constraint void_thoughts_text_not_blank check (
    btrim(text, E' \t\n\r\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff') <> ''
  ),
  -- Counted in code points, the unit the app counts in.
  constraint void_thoughts_text_length check (char_length(text) <= 5000)
);

comment on table public.void_thoughts is 'The Void: thoughts offered anonymously to a public wall.';

-- Serves `order by created_at desc, id desc` and keyset paging from any row.
create index void_thoughts_created_at_id_idx on public.void_thoughts (created_at desc, id desc);

-- Grants: Supabase grants everything on new tables in public to the API roles by default, so take
-- it all back and give each role exactly what it needs. Only the owner may update, delete or
-- truncate; nobody may set id or created_at, and nobody but the owner reads client_id.
revoke all on table public.void_thoughts from public, anon, authenticated, service_role;
grant select (id, text, created_at) on table public.void_thoughts to anon, authenticated;
grant insert (text, client_id) on table public.void_thoughts to anon, authenticated;
grant select, insert on table public.void_thoughts to service_role;

alter table public.void_thoughts enable row level security;

create policy "Anyone can read the wall"
  on public.void_thoughts for select
  to anon, authenticated
  using (true);

-- Every offer through the API carries its idempotency key, so a retried offer can never be
-- stored twice. (The text checks stay in the table's constraints, so bad text is a 400, not a 401.)
create policy "Anyone can offer a thought with its idempotency key"
  on public.void_thoughts for insert
  to anon, authenticated
  with check (client_id is not null);

-- Repeated offers: an offer is sent again when its answer was lost, so a second insert with the
-- same client_id must store nothing and still succeed. A conflict target (`on conflict (client_id)`)
-- would need SELECT on client_id, which the API roles must not have, so the database skips the
-- repeat itself and clients send a plain insert. Every key ever offered is claimed in a private
-- table with `on conflict do nothing`, which also waits for a copy of the same offer still in flight
-- (no per-row locks, so a large insert needs no lock table). The unique constraint stays as the
-- last guard.

create schema if not exists private;
revoke all on schema private from public;

create table private.void_offer_keys (
  client_id uuid primary key
);
revoke all on table private.void_offer_keys from public, anon, authenticated, service_role;

create function private.void_thoughts_skip_repeated_offer() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.client_id is null then
    return new;
  end if;
  insert into private.void_offer_keys (client_id) values (new.client_id) on conflict do nothing;
  if not found then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function private.void_thoughts_skip_repeated_offer() from public, anon, authenticated, service_role;

create trigger void_thoughts_skip_repeated_offer
  before insert on public.void_thoughts
  for each row execute function private.void_thoughts_skip_repeated_offer();

-- The per-client write rate limit -------------------------------------------------------------------
-- PostgREST calls a pre-request function before every API request (pgrst.db_pre_request on the
-- authenticator role). Ours reads the client's address from request.headers (x-forwarded-for, set by
-- Supabase's gateway) and lets each address write `writes_per_minute` times a minute (a token
-- bucket: that many at once, then one more every 60/writes_per_minute seconds). A refusal is a 429
-- with Retry-After, through PostgREST's RAISE SQLSTATE 'PGRST' convention. It lives in a schema
-- the API does not expose.

-- The limit is a setting of the database: one row. 0 turns the limit off.
create table private.void_settings (
  id boolean primary key default true check (id),
  writes_per_minute integer not null check (writes_per_minute >= 0)
);
insert into private.void_settings (writes_per_minute) values (10);

create table private.void_write_buckets (
  client_address text primary key,
  tokens double precision not null,
  refilled_at timestamptz not null
);
revoke all on table private.void_settings, private.void_write_buckets from public, anon, authenticated, service_role;

create function private.void_pre_request() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims_role text := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::json ->> 'role';
  method text := current_setting('request.method', true);
  per_minute integer;
  address text;
  available double precision;
  wait_seconds integer;
begin
  -- Only writes by the public roles count; reads and the server's own role never do.
  if method is null or method not in ('POST', 'PATCH', 'PUT', 'DELETE')
     or claims_role is distinct from 'anon' and claims_role is distinct from 'authenticated' then
    return;
  end if;
  select s.writes_per_minute into per_minute from private.void_settings s;
  if coalesce(per_minute, 0) = 0 then
    return;
  end if;

  address := coalesce(
    nullif(btrim(split_part(
      coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'x-forwarded-for',
      ',', 1)), ''),
    'unknown');

  insert into private.void_write_buckets as b (client_address, tokens, refilled_at)
  values (address, per_minute, clock_timestamp())
  on conflict (client_address) do update
    set tokens = least(per_minute::double precision,
                       b.tokens + extract(epoch from clock_timestamp() - b.refilled_at) * per_minute / 60.0),
        refilled_at = clock_timestamp()
  returning b.tokens into available;

  if available < 1 then
    wait_seconds := greatest(1, ceil((1 - available) * 60.0 / per_minute)::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many offers from this address. Try again later.',
        'details', format('At most %s offers a minute from one address.', per_minute),
        'hint', null)::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text))::text;
  end if;

  update private.void_write_buckets set tokens = available - 1 where client_address = address;
end;
$$;

-- PostgREST runs the pre-request function as the request's role, so the API roles need to reach it;
-- it is a security definer in an unexposed schema, so they reach nothing else there.
revoke all on function private.void_pre_request() from public;
grant usage on schema private to anon, authenticated, service_role;
grant execute on function private.void_pre_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.void_pre_request';
notify pgrst, 'reload config';
