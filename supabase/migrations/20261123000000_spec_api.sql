-- The wall's public table becomes exactly the spec's: void_thoughts (id, text, created_at).
--
-- An upgrade of 20261121000000_void_thoughts.sql, applied unchanged to the hosted project and by the
-- local backend: every row is kept; every idempotency key (the old public client_id column) moves into
-- private.void_offer_keys, so an offer sent before the upgrade is still refused as a repeat after it.
--
-- Why: the spec's calls (`select=*`, `insert({ text })`, `insert(...).select()`) need SELECT on
-- every column for the API roles, and an insert that names only `text`. A key the public must not
-- read cannot live in the public table. Offers now send their key as the `Idempotency-Key` request
-- header; PostgREST hands every request header to SQL (`request.headers`, lower-cased names), and the
-- insert trigger below claims the key there. An insert without the header is a plain insert.

-- Migration lint (squawk, .squawk.toml): this file was applied as released; what the lint reports is
-- allowed here, not changed. It ran when the wall was new and small, and a project applying it today
-- starts with an empty wall (lock and statement timeouts); dropping client_id is its purpose: the
-- column moved where the API cannot read it, and no client of the spec's API reads it.
-- squawk-ignore-file require-lock-timeout, require-statement-timeout, ban-drop-column

-- The keys, with when each was claimed and the row it was claimed for --------------------------------

alter table private.void_offer_keys add column if not exists claimed_at timestamptz not null default now();
alter table private.void_offer_keys add column if not exists thought_id bigint;

comment on table private.void_offer_keys is
  'Idempotency keys of offers (the Idempotency-Key request header): a repeat of a claimed key stores nothing.';
comment on column private.void_offer_keys.thought_id is
  'The row stored by the request that claimed the key (null for keys whose offer stored no row).';

-- Every key already claimed links to its row; a key the table holds but the keys table does not (rows
-- inserted by the owner with a client_id) is claimed now. Nothing else changes.
update private.void_offer_keys k
   set thought_id = t.id
  from public.void_thoughts t
 where t.client_id = k.client_id;

insert into private.void_offer_keys (client_id, thought_id)
select t.client_id, t.id
  from public.void_thoughts t
 where t.client_id is not null
on conflict do nothing;

-- The public table: the spec's three columns ---------------------------------------------------------

-- The old insert policy demands client_id (and depends on the column): replace it. The text checks
-- stay in the table's constraints, so bad text is a 400 (23514), not a policy refusal.
drop policy "Anyone can offer a thought with its idempotency key" on public.void_thoughts;

-- Drops the column's unique constraint and its column grant with it; no row is touched.
alter table public.void_thoughts drop column client_id;

create policy "Anyone can offer a thought"
  on public.void_thoughts for insert
  to anon, authenticated
  with check (true);

-- Every column is readable (so `select=*` and `return=representation` work); only `text` is
-- writable, so a client-chosen id (generated always: 428C9) or created_at (no privilege: 42501) is
-- refused. Update, delete and truncate stay the owner's.
grant select on table public.void_thoughts to anon, authenticated;
grant insert (text) on table public.void_thoughts to anon, authenticated;

-- The blank check, corrected: in the first migration's trim set, `\v` is not an escape PostgreSQL 15
-- knows (it reads the letter v), so there "v" alone was refused as blank and a vertical tab alone
-- was stored. `\x0b` is the vertical tab on every version. NOT VALID: existing rows are kept as
-- they are; every new row is checked.
alter table public.void_thoughts drop constraint void_thoughts_text_not_blank;
alter table public.void_thoughts add constraint void_thoughts_text_not_blank check (
  btrim(text, E' \t\n\r\x0b\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff') <> ''
) not valid;

-- The idempotency key, from the request header -------------------------------------------------------
-- No header: the row is stored (the spec's plain insert). A UUID: claimed with `on conflict do
-- nothing`, which also waits for a copy of the same offer still in flight; already claimed by an
-- earlier request → `return null` (nothing stored, the request still answers 201). Rows of one
-- request share its key: the first claims it, the others of the same transaction are stored too (the
-- key covers the request, as the IETF draft's Idempotency-Key does). Anything else → 400, nothing stored.

create or replace function private.void_thoughts_skip_repeated_offer() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given text := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'idempotency-key';
  offer_key uuid;
begin
  if given is null then
    return new;
  end if;
  if given !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception using
      errcode = '22P02',
      message = 'The Idempotency-Key header must be a UUID',
      detail = 'An offer''s key is a UUID such as 1b4e28ba-2fa1-41d2-883f-0016d3cca428; nothing was stored.',
      hint = 'Send one UUID per offer, the same one on every retry.';
  end if;
  offer_key := lower(given)::uuid;
  insert into private.void_offer_keys (client_id, thought_id) values (offer_key, new.id)
    on conflict do nothing;
  if found then
    perform set_config('unburden.claimed_offer_key', offer_key::text, true);
    return new;
  end if;
  if current_setting('unburden.claimed_offer_key', true) = offer_key::text then
    return new;
  end if;
  return null;
end;
$$;
revoke all on function private.void_thoughts_skip_repeated_offer() from public, anon, authenticated, service_role;

-- The columns changed: hosted PostgREST reloads its schema cache.
notify pgrst, 'reload schema';
