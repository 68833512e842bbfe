-- The write limit counts rows, keys on what the platform's edge sets, and nothing grows without bound.
--
-- Before: private.void_pre_request took one token per request and keyed on the LEFTMOST
-- x-forwarded-for entry, so one POST of 15,000 rows counted as one write, and a client behind an
-- appending proxy chose its own key. Now:
-- - a BEFORE INSERT row trigger on public.void_thoughts takes one token per row actually stored
--   (it fires after the repeated-offer trigger, so a repeat stores nothing and costs nothing); when
--   the bucket is empty the whole statement fails with a 429 and stores nothing;
-- - the key is cf-connecting-ip (set by Supabase's hosted edge, which overwrites what a client
--   sends), else the RIGHTMOST x-forwarded-for entry (the one the last proxy added); IPv6 addresses
--   are grouped by /64 (one customer's allocation), IPv4 taken as is; anything unparseable shares
--   one 'unknown' bucket;
-- - each insert statement then removes up to 100 refilled buckets and up to 100 idempotency keys
--   older than the retention (hosted projects may have no cron, so writes prune, with bounded work);
-- - the API roles lose every right on the id sequence (Supabase's default privileges granted them
--   all: setval would let anyone make every later offer fail with 409).
--
-- Works on the first migration alone and after one that moves the idempotency key out of the table:
-- nothing here names a column of private.void_offer_keys but claimed_at, added here if missing.

-- Migration lint (squawk, .squawk.toml): this file was applied as released; what the lint reports is
-- allowed here, not changed. Its table changes touch void_settings (one row) and void_write_buckets
-- (the buckets of the last minute, a few rows): the locks are short whatever the wall's size (lock and
-- statement timeouts, the new primary key).
-- squawk-ignore-file require-lock-timeout, require-statement-timeout, adding-serial-primary-key-field

-- Settings ------------------------------------------------------------------------------------------

-- How long an idempotency key is kept after it was claimed. The queue never sends an offer again 7
-- days after its first attempt (src/shared/offer-queue-policy.ts, OFFER_MAX_AGE_MS), so any resend
-- comes within 7 days of the claim; 30 days leaves 23 days of margin for a device whose clock moves.
alter table private.void_settings
  add column if not exists offer_keys_kept_for interval not null default interval '30 days';
alter table private.void_settings
  add constraint void_settings_offer_keys_outlive_the_queue
  check (offer_keys_kept_for >= interval '8 days');

-- Buckets by kind (offers now; reports later), so several limits share one table and one function.
alter table private.void_write_buckets
  add column if not exists kind text not null default 'offers';
alter table private.void_write_buckets drop constraint void_write_buckets_pkey;
alter table private.void_write_buckets add primary key (kind, client_address);
create index if not exists void_write_buckets_refilled_at_idx
  on private.void_write_buckets (refilled_at);

-- Keys claimed before this migration count as claimed now: kept the full retention from today.
alter table private.void_offer_keys
  add column if not exists claimed_at timestamptz not null default now();
create index if not exists void_offer_keys_claimed_at_idx
  on private.void_offer_keys (claimed_at);

-- The key ------------------------------------------------------------------------------------------

create function private.write_limit_key() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers json;
  raw text;
  address inet;
begin
  begin
    headers := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
    raw := nullif(btrim(headers ->> 'cf-connecting-ip'), '');
    if raw is null then
      raw := nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', -1)), '');
    end if;
    address := raw::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  -- An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  if family(address) = 6 and address << inet '::ffff:0:0/96' then
    address := inet '0.0.0.0' + (set_masklen(address, 128) - inet '::ffff:0:0');
  end if;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end;
$$;
revoke all on function private.write_limit_key() from public, anon, authenticated, service_role;

-- The token bucket -----------------------------------------------------------------------------------

-- Takes `cost` tokens of `kind` for the request's key; `per_minute` is both the bucket's size and
-- its refill per minute (so an untouched bucket is full again within 60 s), 0 or less: no limit.
-- When the bucket holds fewer than `cost` tokens, raises PostgREST's 429 with Retry-After and the
-- statement stores nothing. The bucket's row stays locked until the transaction ends, so requests
-- from one address queue up behind each other and never overspend; other addresses do not wait.
create function private.take_write_tokens(kind text, cost integer, per_minute integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := private.write_limit_key();
  available double precision;
  wait_seconds integer;
begin
  if coalesce(per_minute, 0) <= 0 or coalesce(cost, 0) <= 0 then
    return;
  end if;

  insert into private.void_write_buckets as b (kind, client_address, tokens, refilled_at)
  values (take_write_tokens.kind, address, per_minute, clock_timestamp())
  on conflict on constraint void_write_buckets_pkey do update
    set tokens = least(per_minute::double precision,
                       b.tokens + extract(epoch from clock_timestamp() - b.refilled_at) * per_minute / 60.0),
        refilled_at = clock_timestamp()
  returning b.tokens into available;

  if available < cost then
    wait_seconds := greatest(1, ceil((cost - available) * 60.0 / per_minute)::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', format('Too many %s from this address. Try again later.', take_write_tokens.kind),
        'details', format('At most %s %s a minute from one address.', per_minute, take_write_tokens.kind),
        'hint', null)::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text))::text;
  end if;

  update private.void_write_buckets b
     set tokens = available - cost
   where b.kind = take_write_tokens.kind and b.client_address = address;
end;
$$;
revoke all on function private.take_write_tokens(text, integer, integer) from public, anon, authenticated, service_role;

-- One offer's token, at the rate the settings give.
create function private.take_offer_token() returns void
language sql
security definer
set search_path = ''
as $$
  select private.take_write_tokens('offers', 1, (select s.writes_per_minute from private.void_settings s));
$$;
revoke all on function private.take_offer_token() from public;
grant execute on function private.take_offer_token() to anon, authenticated;

-- One token per row stored. Runs as the inserting role (not a security definer) so it knows who
-- writes: the API roles are limited, the server's own role and the owner are not. Named to sort
-- after every other BEFORE INSERT row trigger on the table (Postgres fires them in name order, and
-- one that returns NULL, like the repeated-offer trigger, skips the row and the ones after it).
create function private.void_thoughts_take_write_token() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    perform private.take_offer_token();
  end if;
  return new;
end;
$$;
revoke all on function private.void_thoughts_take_write_token() from public, anon, authenticated, service_role;

create trigger void_thoughts_write_limit
  before insert on public.void_thoughts
  for each row execute function private.void_thoughts_take_write_token();

-- Pruning ------------------------------------------------------------------------------------------

-- Once per insert statement, after its rows: removes up to 100 buckets untouched for a minute (full
-- again, so the same as no row) and up to 100 keys claimed longer ago than offer_keys_kept_for. Rows
-- another transaction holds are skipped, never waited for, and it runs after the statement has
-- locked its own bucket and keys: so it never waits at all, and two writers pruning each other's
-- idle buckets cannot deadlock.
create function private.void_thoughts_prune() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.void_write_buckets
   where ctid in (select b.ctid from private.void_write_buckets b
                   where b.refilled_at < clock_timestamp() - interval '1 minute'
                   limit 100 for update skip locked);
  delete from private.void_offer_keys
   where ctid in (select k.ctid from private.void_offer_keys k
                   where k.claimed_at < now() - (select s.offer_keys_kept_for from private.void_settings s)
                   limit 100 for update skip locked);
  return null;
end;
$$;
revoke all on function private.void_thoughts_prune() from public, anon, authenticated, service_role;

create trigger void_thoughts_prune
  after insert on public.void_thoughts
  for each statement execute function private.void_thoughts_prune();

-- The per-request gate is gone -----------------------------------------------------------------------
-- PostgREST's pre-request function cannot see the body, so it could only count requests. Hosted
-- projects have pgrst.db_pre_request set to it, so it stays, doing nothing.
create or replace function private.void_pre_request() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  return;
end;
$$;

-- The id sequence belongs to the table alone ----------------------------------------------------------
revoke all on sequence public.void_thoughts_id_seq from public, anon, authenticated, service_role;
