-- Moderation that cannot be turned into a weapon (issue 24): a wall-wide budget for automatic hides,
-- an owner's decision that stands, a coarse and daily-salted reporter identity, limits that answer
-- the same to a broken statement whatever the bucket holds, and a cap on rows per statement.
--
-- Before: report_threshold reporters (3 addresses) hid any thought at once, without limit, again
-- after the owner restored it; tokens were taken row by row before each row's own checks, so a
-- statement with a broken last row answered 400 or 429 by the bucket's level (a free oracle of what
-- others at the same address did); a report batch locked thoughts in the order given (two batches
-- in opposite orders deadlocked: 500 40P01 with process ids); a report of a hidden thought answered
-- 201 and of an unknown one 409. Now:
--
-- Reports
-- - One report per statement for the API roles (the app sends one): a second row is refused (400
--   22023) before anything is looked up or locked. The row trigger only checks and remembers the id;
--   an AFTER STATEMENT trigger does the work: every id must be on the wall (else 409 23503, the same
--   answer for a hidden id as for one never used, naming no id), then it locks the thoughts in id
--   order, records, and only then takes tokens. So a broken statement answers the same whatever the
--   bucket holds, and locks are always taken in one order: thoughts (by id), the reporter, the
--   reporter's bucket, the hide budget, the wall's count stripe.
-- - The reporter is sha256(salt || key) where the key is the write limit's, but an IPv6 address
--   counts by its /48 (a tunnel broker hands out 65,536 /64s of one /48 for free). IPv4 stays one
--   address: addresses are scarce, and coarser would merge strangers behind one carrier's NAT. The
--   reports' token bucket is keyed by that hash, so the raw address of a reporter is never stored.
-- - The salt is replaced 24 hours after it was made, by the first report after that (no cron on
--   hosted projects). One report per thought per reporter holds within a salt's day; only reports made
--   under the current salt count toward hiding (a reporter can never count twice for one thought).
--   The old salt is overwritten: hashes from earlier days cannot be tested against addresses.
-- - A reporter's first counted_reports_per_day reports under one salt count toward hiding; later
--   ones are recorded for the owner (counts = false) and hide nothing.
-- - At most auto_hides_per_hour thoughts are hidden automatically across the wall in any hour
--   (private.void_auto_hides is the ledger, locked while a hide is decided, so two reports at once
--   cannot overspend it). A thought that reaches the threshold beyond the budget stays on the wall,
--   marked pending (private.void_pending_thoughts), and waits for the owner: it is never hidden
--   automatically later.
-- - A thought the owner restored or kept (private.void_reviewed_thoughts) is never hidden
--   automatically again; later reports only show in the review list.
-- - Reports prune idle write buckets and old offer keys, as offers do.
--
-- Offers
-- - Tokens are taken once per statement, after it (from the rows it stored), so a row the table
--   refuses fails before the bucket is read. A statement of more rows than the bucket holds
--   (writes_per_minute) can never pass: it is refused at the first row past it, counting repeats of
--   a claimed key too, with the limit's 429, before any further row is looked at.
--
-- Time: everything here reads private.void_clock(), the database's clock plus the owner's
-- clock_offset (0; only ever moved forward), so a simulation can let hours pass without waiting.

-- A lock this file needs (on the wall, to change its triggers) is waited for 10 s at most, so a busy
-- wall's readers never queue behind it for long: the push then fails whole and can simply be run
-- again. Both settings end with the file's transaction.
set local lock_timeout = '10s';
set local statement_timeout = '10min';

-- Settings ------------------------------------------------------------------------------------------

-- The two new settings are small counts, integers like the settings before them.
alter table private.void_settings
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists auto_hides_per_hour integer not null default 5
    constraint void_settings_auto_hides_per_hour_not_negative check (auto_hides_per_hour >= 0);
alter table private.void_settings
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists counted_reports_per_day integer not null default 5
    constraint void_settings_counted_reports_per_day_not_negative check (counted_reports_per_day >= 0);
alter table private.void_settings
  add column if not exists clock_offset interval not null default interval '0'
    constraint void_settings_clock_offset_forward check (clock_offset >= interval '0');

comment on column private.void_settings.clock_offset is
  'Added to the clock the limits and moderation read: for simulations; 0 in production.';

-- The clock of the limits and of moderation.
create function private.void_clock() returns timestamptz
language sql
volatile
set search_path = ''
as $$
  select clock_timestamp() + coalesce((select s.clock_offset from private.void_settings s), interval '0');
$$;
revoke all on function private.void_clock() from public, anon, authenticated, service_role;

-- Tokens by bucket --------------------------------------------------------------------------------

-- Takes `cost` tokens of `kind` from `bucket`; `per_minute` is both the bucket's size and its refill
-- per minute, 0 or less: no limit. Raises PostgREST's 429 with Retry-After when the bucket holds
-- fewer. The bucket's row stays locked until the transaction ends.
create function private.take_tokens(kind text, bucket text, cost integer, per_minute integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := private.void_clock();
  available double precision;
  wait_seconds integer;
begin
  if coalesce(per_minute, 0) <= 0 or coalesce(cost, 0) <= 0 then
    return;
  end if;

  insert into private.void_write_buckets as b (kind, client_address, tokens, refilled_at)
  values (take_tokens.kind, take_tokens.bucket, per_minute, at)
  on conflict on constraint void_write_buckets_pkey do update
    set tokens = least(per_minute::double precision,
                       b.tokens + greatest(extract(epoch from at - b.refilled_at), 0) * per_minute / 60.0),
        refilled_at = at
  returning b.tokens into available;

  if available < cost then
    wait_seconds := greatest(1, ceil((cost - available) * 60.0 / per_minute)::integer);
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', format('Too many %s from this address. Try again later.', take_tokens.kind),
        'details', format('At most %s %s a minute from one address.', per_minute, take_tokens.kind),
        'hint', null)::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text))::text;
  end if;

  update private.void_write_buckets b
     set tokens = available - cost
   where b.kind = take_tokens.kind and b.client_address = take_tokens.bucket;
end;
$$;
revoke all on function private.take_tokens(text, text, integer, integer) from public, anon, authenticated, service_role;

create or replace function private.take_write_tokens(kind text, cost integer, per_minute integer)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.take_tokens(kind, private.write_limit_key(), cost, per_minute);
$$;

-- Pruning, for every write path -------------------------------------------------------------------

-- Removes up to 100 buckets untouched for a minute (full again, the same as no row) and up to 100
-- offer keys claimed longer ago than offer_keys_kept_for. Rows another transaction holds are
-- skipped, never waited for: pruning never waits and never deadlocks.
create function private.prune_write_state() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.void_write_buckets
   where ctid in (select b.ctid from private.void_write_buckets b
                   where b.refilled_at < private.void_clock() - interval '1 minute'
                   limit 100 for update skip locked);
  delete from private.void_offer_keys
   where ctid in (select k.ctid from private.void_offer_keys k
                   where k.claimed_at < now() - (select s.offer_keys_kept_for from private.void_settings s)
                   limit 100 for update skip locked);
end;
$$;
revoke all on function private.prune_write_state() from public, anon, authenticated, service_role;

create or replace function private.void_thoughts_prune() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.prune_write_state();
  return null;
end;
$$;

-- Offers: a row cap, and tokens after the statement -----------------------------------------------

-- Fires before every other row trigger (name order), so a repeat of a claimed key counts too. Only
-- the API roles are capped; the `role` setting is PostgREST's (this function runs as the owner).
create function private.void_thoughts_cap_rows() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  per_minute integer;
  so_far integer;
begin
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  select s.writes_per_minute into per_minute from private.void_settings s;
  if coalesce(per_minute, 0) <= 0 then
    return new;
  end if;
  so_far := coalesce(nullif(current_setting('unburden.offer_rows', true), ''), '0')::integer + 1;
  if so_far > per_minute then
    -- More rows than the bucket ever holds: the same answer as an empty bucket, whatever it holds.
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many offers from this address. Try again later.',
        'details', format('At most %s offers a minute from one address.', per_minute),
        'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '60'))::text;
  end if;
  perform set_config('unburden.offer_rows', so_far::text, true);
  return new;
end;
$$;
revoke all on function private.void_thoughts_cap_rows() from public, anon, authenticated, service_role;

create trigger void_thoughts_cap_rows
  before insert on public.void_thoughts
  for each row execute function private.void_thoughts_cap_rows();

-- One charge per statement: as many tokens as rows it stored (a skipped repeat is not among them).
-- Runs after every row passed the table's checks, so a refused row never reaches the bucket. Named
-- to fire before the other statement triggers: a 429 ends the statement before any further work.
create function private.void_thoughts_charge_tokens() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored integer;
begin
  perform set_config('unburden.offer_rows', '0', true);
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select count(*) into stored from charged_thoughts;
  perform private.take_tokens('offers', private.write_limit_key(), stored,
                              (select s.writes_per_minute from private.void_settings s));
  return null;
end;
$$;
revoke all on function private.void_thoughts_charge_tokens() from public, anon, authenticated, service_role;

create trigger void_thoughts_charge_tokens
  after insert on public.void_thoughts
  referencing new table as charged_thoughts
  for each statement execute function private.void_thoughts_charge_tokens();

drop trigger void_thoughts_write_limit on public.void_thoughts;
drop function private.void_thoughts_take_write_token();
drop function private.take_offer_token();

-- The reporter ------------------------------------------------------------------------------------

-- The write limit's key, with IPv6 by /48 instead of /64.
create function private.reporter_key() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  key text := private.write_limit_key();
begin
  if key like '%/64' then
    return network(set_masklen(key::inet, 48))::text;
  end if;
  return key;
end;
$$;
revoke all on function private.reporter_key() from public, anon, authenticated, service_role;

-- The salt in use since the last migration counts as made now: it is replaced a day from now.
alter table private.void_report_salt
  add column if not exists made_at timestamptz not null default now();

-- The current salt, replaced first when it is a day old. Two reports at the turn of the day queue
-- on the salt's row; the second finds the new salt.
create function private.current_report_salt(out salt bytea, out made_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := private.void_clock();
begin
  update private.void_report_salt s
     set salt = sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text
                                  || gen_random_uuid()::text, 'UTF8')),
         made_at = at
   where s.made_at <= at - interval '1 day'
  returning s.salt, s.made_at into current_report_salt.salt, current_report_salt.made_at;
  if not found then
    select s.salt, s.made_at into current_report_salt.salt, current_report_salt.made_at
      from private.void_report_salt s;
  end if;
end;
$$;
revoke all on function private.current_report_salt() from public, anon, authenticated, service_role;

-- Reports that count ------------------------------------------------------------------------------

-- Reports recorded before this migration count as before (true): they were made under the salt
-- that is current now, but earlier than it is dated, so none of them counts toward hiding.
alter table private.void_reports add column if not exists counts boolean not null default true;
comment on column private.void_reports.counts is
  'False when the reporter had already made counted_reports_per_day reports that day: recorded, never counted.';
create index if not exists void_reports_reporter_idx on private.void_reports (reporter);

-- The owner's decisions: a thought restored or kept is never hidden automatically again.
create table private.void_reviewed_thoughts (
  id bigint primary key,
  decision text not null check (decision in ('restored', 'kept')),
  decided_at timestamptz not null
);
comment on table private.void_reviewed_thoughts is
  'Thoughts the owner restored or kept: reports still reach the review list and never hide them.';

-- Thoughts restored before this migration: the owner's decision stands from now on.
insert into private.void_reviewed_thoughts (id, decision, decided_at)
select r.thought_id, 'restored', max(r.dismissed_at)
  from private.void_reports r
 where r.dismissed_at is not null
   and exists (select 1 from public.void_thoughts t where t.id = r.thought_id)
 group by r.thought_id;

-- Automatic hides, for the hourly budget. Rows older than an hour are removed as hides are decided.
create table private.void_auto_hides (
  thought_id bigint not null,
  hidden_at timestamptz not null
);
create index void_auto_hides_hidden_at_idx on private.void_auto_hides (hidden_at);
comment on table private.void_auto_hides is
  'One row per automatic hide of the last hour: at most auto_hides_per_hour of them.';

-- Hides of the last hour made before this migration use the budget too.
insert into private.void_auto_hides (thought_id, hidden_at)
select h.id, h.hidden_at from private.void_hidden_thoughts h where h.hidden_at > now() - interval '1 hour';

-- Thoughts that reached the threshold when the budget was spent: they wait for the owner.
create table private.void_pending_thoughts (
  id bigint primary key,
  pending_since timestamptz not null
);
comment on table private.void_pending_thoughts is
  'Thoughts reported enough to hide when the hourly budget was spent: on the wall, for the owner to decide.';

revoke all on table private.void_reviewed_thoughts, private.void_auto_hides, private.void_pending_thoughts
  from public, anon, authenticated, service_role;

-- Recording a report --------------------------------------------------------------------------------

-- The door's row trigger: checks what the row alone decides and remembers the id for the statement
-- trigger below. Nothing is looked up, locked or taken here.
create or replace function private.void_reports_record() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  so_far integer := coalesce(nullif(current_setting('unburden.report_rows', true), ''), '0')::integer;
begin
  if so_far >= 1 and coalesce(current_setting('role', true), '') in ('anon', 'authenticated') then
    raise exception using
      errcode = '22023',
      message = 'One report per request',
      detail = 'Send each report in a request of its own; nothing was stored.',
      hint = 'Insert {"thought_id": …} once per request.';
  end if;
  if new.thought_id is null then
    raise exception using errcode = '23502', message = 'A report needs the thought_id of the thought';
  end if;
  perform set_config('unburden.report_rows', (so_far + 1)::text, true);
  perform set_config('unburden.reported_ids',
                     coalesce(current_setting('unburden.reported_ids', true), '') || new.thought_id::text || ',',
                     true);
  return null;
end;
$$;

-- The statement's reports, once its rows are all in: see the top of this file for the order.
create function private.void_reports_process() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limited boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  ids bigint[];
  settings private.void_settings%rowtype;
  salt_made timestamptz;
  my_reporter bytea;
  earlier integer;
  recorded integer;
  counted bigint[];
  candidates bigint[];
  room integer;
  at timestamptz;
begin
  select coalesce(array_agg(distinct v::bigint order by v::bigint), '{}') into ids
    from unnest(string_to_array(current_setting('unburden.reported_ids', true), ',')) v
   where v <> '';
  perform set_config('unburden.reported_ids', '', true);
  perform set_config('unburden.report_rows', '0', true);
  if cardinality(ids) = 0 then
    return null;
  end if;

  -- Every thought must be on the wall. A hidden one answers as one that never was, and no id is named.
  if exists (select 1 from unnest(ids) i(id)
              where not exists (select 1 from public.void_thoughts t where t.id = i.id)) then
    raise exception using
      errcode = '23503',
      message = 'No thought with this id is on the wall',
      detail = 'The thought does not exist or is no longer on the wall; nothing was stored.',
      hint = 'Report a thought by the id the wall shows for it.';
  end if;

  select s.* into settings from private.void_settings s;
  begin
    select s.salt, s.made_at into my_reporter, salt_made from private.current_report_salt() s;
    my_reporter := sha256(my_reporter || convert_to(private.reporter_key(), 'UTF8'));

    -- Reports of one thought queue here, in id order.
    if (select count(*) from (select t.id from public.void_thoughts t
                               where t.id = any(ids) order by t.id for update) locked) < cardinality(ids) then
      raise exception using
        errcode = '23503',
        message = 'No thought with this id is on the wall',
        detail = 'The thought does not exist or is no longer on the wall; nothing was stored.',
        hint = 'Report a thought by the id the wall shows for it.';
    end if;

    -- One reporter at a time from here: its day's count is exact.
    perform pg_advisory_xact_lock(hashtext('unburden.reporter'), hashtext(encode(my_reporter, 'hex')));
    select count(*) into earlier from private.void_reports r where r.reporter = my_reporter;

    at := private.void_clock();
    with fresh as (
      select i.id, row_number() over (order by i.id) as n
        from unnest(ids) i(id)
       where not exists (select 1 from private.void_reports r
                          where r.thought_id = i.id and r.reporter = my_reporter)
    ), stored as (
      insert into private.void_reports (thought_id, reporter, reported_at, counts)
      select f.id, my_reporter, at, earlier + f.n <= coalesce(settings.counted_reports_per_day, 0)
        from fresh f
      on conflict do nothing
      returning thought_id, counts
    )
    select count(*)::integer,
           coalesce(array_agg(stored.thought_id order by stored.thought_id) filter (where stored.counts), '{}')
      into recorded, counted
      from stored;

    -- A repeat stores nothing and costs nothing.
    if limited and recorded > 0 then
      perform private.take_tokens('reports', 'reporter ' || encode(my_reporter, 'hex'), recorded,
                                  settings.reports_per_minute);
    end if;

    if coalesce(settings.report_threshold, 0) > 0 and cardinality(counted) > 0 then
      select coalesce(array_agg(c.id order by c.id), '{}') into candidates
        from unnest(counted) c(id)
       where not exists (select 1 from private.void_reviewed_thoughts d where d.id = c.id)
         and not exists (select 1 from private.void_pending_thoughts p where p.id = c.id)
         and (select count(*) from private.void_reports r
               where r.thought_id = c.id and r.counts and r.dismissed_at is null
                 and r.reported_at >= salt_made) >= settings.report_threshold;
      if cardinality(candidates) > 0 then
        -- The wall-wide budget: one decision at a time.
        lock table private.void_auto_hides in share row exclusive mode;
        at := private.void_clock();
        select greatest(coalesce(settings.auto_hides_per_hour, 0) - count(*), 0)::integer into room
          from private.void_auto_hides a
         where a.hidden_at > at - interval '1 hour';
        insert into private.void_pending_thoughts (id, pending_since)
        select c.id, at from unnest(candidates[room + 1:]) c(id)
        on conflict do nothing;
        candidates := candidates[1:room];
        if cardinality(candidates) > 0 then
          with gone as (
            delete from public.void_thoughts t where t.id = any(candidates) returning t.id, t.text, t.created_at
          )
          insert into private.void_hidden_thoughts (id, text, created_at, hidden_at)
          select g.id, g.text, g.created_at, at from gone g;
          insert into private.void_auto_hides (thought_id, hidden_at)
          select c.id, at from unnest(candidates) c(id);
          delete from private.void_auto_hides
           where ctid in (select a.ctid from private.void_auto_hides a
                           where a.hidden_at <= at - interval '1 hour' limit 100);
        end if;
      end if;
    end if;
  exception when deadlock_detected or serialization_failure then
    -- Not expected with one report per statement and one lock order; if it happens, the caller
    -- retries (a queue holds a 429) and learns nothing of other sessions.
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many reports at once. Try again in a moment.',
        'details', null,
        'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '1'))::text;
  end;

  perform private.prune_write_state();
  return null;
end;
$$;
revoke all on function private.void_reports_process() from public, anon, authenticated, service_role;

create trigger void_reports_process
  after insert on public.void_reports
  for each statement execute function private.void_reports_process();

-- The old per-row recorder took locks and tokens row by row; nothing calls it any more.
drop function private.record_report(bigint);

-- For the owner: review, restore, keep, hide ---------------------------------------------------------

-- Every reported thought with its status: 'pending' (reported enough to hide when the budget was
-- spent: on the wall, waiting for you), 'hidden', 'restored' and 'kept' (your decisions: never hidden
-- automatically again), 'visible' (reported, below the threshold) or 'gone' (deleted). `reports`
-- counts the reports since your last decision, `counting_reports` those that count toward hiding
-- today, `dismissed_reports` those your decisions cleared.
create or replace view private.void_reported_thoughts as
select r.thought_id as id,
       case when h.id is not null then 'hidden'
            when t.id is null then 'gone'
            when d.decision is not null then d.decision
            when p.id is not null then 'pending'
            else 'visible' end
         as status,
       coalesce(h.text, t.text) as text,
       coalesce(h.created_at, t.created_at) as created_at,
       r.reports,
       r.dismissed_reports,
       (select s.report_threshold from private.void_settings s) as threshold,
       r.first_reported_at,
       r.last_reported_at,
       h.hidden_at,
       r.counting_reports,
       p.pending_since,
       d.decided_at
  from (select thought_id,
               count(*) filter (where dismissed_at is null) as reports,
               count(*) filter (where dismissed_at is not null) as dismissed_reports,
               count(*) filter (where dismissed_at is null and counts
                                  and reported_at >= (select s.made_at from private.void_report_salt s))
                 as counting_reports,
               min(reported_at) as first_reported_at,
               max(reported_at) as last_reported_at
          from private.void_reports
         group by thought_id) r
  left join private.void_hidden_thoughts h on h.id = r.thought_id
  left join public.void_thoughts t on t.id = r.thought_id
  left join private.void_reviewed_thoughts d on d.id = r.thought_id
  left join private.void_pending_thoughts p on p.id = r.thought_id;

-- Puts a hidden thought back on the wall with its id and created_at, dismisses its reports, and
-- records the decision: it is never hidden automatically again. False when it is not hidden.
create or replace function private.restore_thought(thought_id bigint) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  hidden private.void_hidden_thoughts%rowtype;
begin
  delete from private.void_hidden_thoughts h where h.id = restore_thought.thought_id returning h.* into hidden;
  if not found then
    return false;
  end if;
  insert into public.void_thoughts (id, text, created_at) overriding system value
  values (hidden.id, hidden.text, hidden.created_at);
  update private.void_reports r
     set dismissed_at = private.void_clock()
   where r.thought_id = restore_thought.thought_id and r.dismissed_at is null;
  insert into private.void_reviewed_thoughts (id, decision, decided_at)
  values (restore_thought.thought_id, 'restored', private.void_clock())
  on conflict (id) do update set decision = excluded.decision, decided_at = excluded.decided_at;
  delete from private.void_pending_thoughts p where p.id = restore_thought.thought_id;
  return true;
end;
$$;

-- Keeps a thought that is on the wall (pending or reported): dismisses its reports and records the
-- decision, so it is never hidden automatically. False when it is not on the wall.
create function private.keep_thought(thought_id bigint) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  perform 1 from public.void_thoughts t where t.id = keep_thought.thought_id for update;
  if not found then
    return false;
  end if;
  update private.void_reports r
     set dismissed_at = private.void_clock()
   where r.thought_id = keep_thought.thought_id and r.dismissed_at is null;
  insert into private.void_reviewed_thoughts (id, decision, decided_at)
  values (keep_thought.thought_id, 'kept', private.void_clock())
  on conflict (id) do update set decision = excluded.decision, decided_at = excluded.decided_at;
  delete from private.void_pending_thoughts p where p.id = keep_thought.thought_id;
  return true;
end;
$$;
revoke all on function private.keep_thought(bigint) from public, anon, authenticated, service_role;

-- Hides a thought that is on the wall (a pending one, say) by the owner's hand: outside the budget,
-- and restorable like any hidden thought. False when it is not on the wall.
create function private.hide_thought(thought_id bigint) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  shown public.void_thoughts%rowtype;
begin
  delete from public.void_thoughts t where t.id = hide_thought.thought_id returning t.* into shown;
  if not found then
    return false;
  end if;
  insert into private.void_hidden_thoughts (id, text, created_at, hidden_at)
  values (shown.id, shown.text, shown.created_at, private.void_clock());
  delete from private.void_reviewed_thoughts d where d.id = hide_thought.thought_id;
  delete from private.void_pending_thoughts p where p.id = hide_thought.thought_id;
  return true;
end;
$$;
revoke all on function private.hide_thought(bigint) from public, anon, authenticated, service_role;
