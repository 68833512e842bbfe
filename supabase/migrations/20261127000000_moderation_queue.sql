-- Honest reports still win while someone attacks the wall (issue 36).
--
-- Before, attacked by someone who had read docs/moderation.md:
-- - Pending was permanent. Three addresses reported five of their own decoys, spent the hour's budget
--   of automatic hides, and every thought honest people then reported enough became pending and
--   stayed on the wall for good; 72 addresses kept every honestly reported thought up all day.
-- - Offers were limited per IPv6 /64 only: the 65,536 /64s of one free /48 stored 10,000 rows in 5.5 s.
-- - A statement timeout (57014, e.g. a report waiting on a row the owner holds) answered 500.
-- - A reporter's daily number of counted reports reset with the wall-wide salt (five just before the
--   rotation, five just after); reports of pending or decided thoughts spent it; reports were never
--   pruned; `reported_at` to the microsecond could be joined with API logs that keep addresses.
-- - `clock_offset`, a simulation knob, lived in the production settings: a forward typo rotated the
--   salt and refilled the budget, irreversibly.
--
-- Now:
-- - Pending is a queue. A thought reported enough goes to private.void_pending_thoughts; the queue is
--   decided whenever the hourly budget has room: right away, at the next report or offer, and when the
--   owner restores a thought (a restore gives that hide's budget back). Room goes first to the thought
--   whose reporters weigh most: a counted report weighs 1 / (1 + h + 2 d), where h is the number of
--   other thoughts the same reporter's counted reports helped hide automatically (still hidden) and d
--   the number of its reported thoughts the owner restored or kept; a thought weighs its
--   report_threshold heaviest reports of the day it joined (so never more than that many reporters
--   who never hid anything); ties go to the one that joined first. So reporters who already burned
--   the budget on decoys weigh less than people reporting for the first time, and a restored or kept
--   thought is still never hidden automatically again. Thoughts that were pending before this
--   migration join the queue too (pending meant "reported enough, waiting for room or the owner";
--   the owner keeps the ones that should stay).
-- - Offers take a second token per IPv6 /48, beside the /64's: offers_48_in_64s (6) times
--   writes_per_minute (10), so 60 a minute. IPv4 addresses are limited as before.
-- - A lock or statement timeout on the report or offer path answers 503 with Retry-After (the app's
--   queues wait and send again), never 500 and never a 409 a queue would take as final.
-- - The daily number is per rolling 24 hours: the previous salt is kept until its successor is a
--   day old, so a reporter is known under both names; reports of pending, restored or kept thoughts
--   are recorded and spend nothing; reports are deleted reports_kept_for (30 days, at most) after
--   they were made. Reports, automatic hides (in void_hidden_thoughts), pending thoughts and the
--   salt are dated to the hour; only the budget's ledger (void_auto_hides) keeps the exact time its
--   rolling hour needs, and the first write after that hour deletes the row.
-- - The clock is the database's: clock_offset is gone. Tests and benches let time pass by dating
--   what is stored earlier (tests/fixtures/moderation.ts), never through a setting.
--
-- Lock order, unchanged and extended: thoughts (by id), the reporter, the reporter's bucket, the hide
-- budget (void_auto_hides), the pending thoughts' rows (skipped when another session holds them),
-- the wall's count stripe. An offer takes its /64 bucket, then its /48 bucket, and decides the queue
-- only if the budget's lock is free at once (nowait) and only thoughts no one else holds.

-- Migration lint (squawk, .squawk.toml): it alters the one-row settings and salt tables, adds columns
-- with constant defaults and indexes to private tables only the database writes, and drops the
-- simulation column nobody reads any more (its function is replaced below in the same transaction).
-- The queue's join order is an identity column: it rewrites the pending list, a few rows.
-- squawk-ignore-file ban-drop-column, prefer-bigint-over-int, adding-field-with-default

set local lock_timeout = '10s';
set local statement_timeout = '10min';

-- 1. The clock is the database's own ---------------------------------------------------------------

-- Anything a forward offset dated ahead comes back to now, so no limit waits for a clock that is gone.
update private.void_reports set reported_at = now() where reported_at > now();
update private.void_auto_hides set hidden_at = now() where hidden_at > now();
update private.void_hidden_thoughts set hidden_at = now() where hidden_at > now();
update private.void_pending_thoughts set pending_since = now() where pending_since > now();
update private.void_reviewed_thoughts set decided_at = now() where decided_at > now();
update private.void_report_salt set made_at = now() where made_at > now();
update private.void_write_buckets set refilled_at = now() where refilled_at > now();

create or replace function private.void_clock() returns timestamptz
language sql
volatile
set search_path = ''
as $$
  select clock_timestamp();
$$;

drop trigger void_settings_clock_forward on private.void_settings;
drop function private.void_settings_clock_forward();
alter table private.void_settings drop column clock_offset;

-- 2. Settings ---------------------------------------------------------------------------------------

-- The /48's limit is a multiple of the /64's (writes_per_minute): so it follows the owner's changes
-- to it, is off with it (0), and never more than six /64s' worth.
alter table private.void_settings
  add column if not exists offers_48_in_64s integer not null default 6
    constraint void_settings_offers_48_in_64s_1_to_6 check (offers_48_in_64s between 1 and 6);

alter table private.void_settings
  add column if not exists reports_kept_for interval not null default interval '30 days';
alter table private.void_settings
  add constraint void_settings_reports_kept_for_2_to_30_days
  check (reports_kept_for >= interval '2 days' and reports_kept_for <= interval '30 days');

-- 3. Busy: a timeout is a retryable answer ----------------------------------------------------------

-- 503 with Retry-After: a request that waited past a lock or statement timeout stored nothing and
-- may be sent again. PostgREST answers 57014 and 55P03 with 500 by itself.
create function private.raise_busy() returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'P0503',
      'message', 'The wall is busy. Try again in a moment.',
      'details', 'The request waited too long and stored nothing.',
      'hint', null)::text,
    detail = json_build_object('status', 503, 'headers', json_build_object('Retry-After', '5'))::text;
end;
$$;
revoke all on function private.raise_busy() from public, anon, authenticated, service_role;

-- 4. The salt: the previous one is kept a day -------------------------------------------------------

alter table private.void_report_salt add column if not exists previous_salt bytea;

-- The current salt and the one before it (null once the current one is a day old: every report made
-- under it is then more than a day old). The current one is replaced first when it is a day old.
create function private.report_salts(out salt bytea, out made_at timestamptz, out previous_salt bytea)
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := clock_timestamp();
begin
  update private.void_report_salt s
     set previous_salt = case when s.made_at > at - interval '2 days' then s.salt end,
         salt = sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text
                                  || gen_random_uuid()::text, 'UTF8')),
         made_at = date_trunc('hour', at)
   where s.made_at <= at - interval '1 day'
  returning s.salt, s.made_at, s.previous_salt
       into report_salts.salt, report_salts.made_at, report_salts.previous_salt;
  if not found then
    select s.salt, s.made_at, s.previous_salt
      into report_salts.salt, report_salts.made_at, report_salts.previous_salt
      from private.void_report_salt s;
  end if;
end;
$$;
revoke all on function private.report_salts() from public, anon, authenticated, service_role;

-- 5. Reports, hides and the queue, dated to the hour ---------------------------------------------

-- Which hides the reports made: they weigh their reporters (section 6). A hide from before this
-- migration was made by reports when a counted report of it was recorded in the same moment (the
-- deciding report's transaction dated both); the owner's own hides, of pending thoughts too, are not.
-- Read before the reports are dated to the hour below.
alter table private.void_hidden_thoughts add column if not exists automatic boolean not null default false;
update private.void_hidden_thoughts h
   set automatic = true,
       hidden_at = date_trunc('hour', h.hidden_at)
 where exists (select 1 from private.void_reports r
                where r.thought_id = h.id and r.counts
                  and r.reported_at between h.hidden_at - interval '1 second' and h.hidden_at);
comment on column private.void_hidden_thoughts.automatic is
  'True when reports hid it (dated to the hour), false when the owner did.';

-- Reports made under a salt the previous version already overwrote have a name no report can be
-- checked against any more: on a thought still open to reports they would let their reporter count
-- twice, so they no longer count there. (On pending and decided thoughts they only weigh.)
update private.void_reports r
   set counts = false
 where r.counts
   and r.reported_at < (select s.made_at from private.void_report_salt s)
   and exists (select 1 from public.void_thoughts t where t.id = r.thought_id)
   and not exists (select 1 from private.void_pending_thoughts p where p.id = r.thought_id)
   and not exists (select 1 from private.void_reviewed_thoughts d where d.id = r.thought_id);

update private.void_reports set reported_at = date_trunc('hour', reported_at)
 where reported_at <> date_trunc('hour', reported_at);
update private.void_report_salt set made_at = date_trunc('hour', made_at);
create index if not exists void_reports_reported_at_idx on private.void_reports (reported_at);

update private.void_pending_thoughts set pending_since = date_trunc('hour', pending_since)
 where pending_since <> date_trunc('hour', pending_since);
-- The queue's order: the weight a thought had when it was last weighed (section 6), then the order
-- it joined in (not its id: an attacker could pick old thoughts as decoys to jump ties).
alter table private.void_pending_thoughts add column if not exists weight double precision not null default 0;
alter table private.void_pending_thoughts
  add column if not exists joined bigint generated by default as identity;
create index if not exists void_pending_thoughts_order_idx
  on private.void_pending_thoughts (weight desc, joined);
-- A reporter's counted reports, read for every report a thought's weight takes in: a handful per
-- name, however many uncounted reports the name made.
create index if not exists void_reports_counted_by_reporter_idx
  on private.void_reports (reporter, thought_id) where counts;

-- 6. The queue ---------------------------------------------------------------------------------------

-- How much a pending thought's reporters weigh together: each counted report weighs
-- 1 / (1 + h + 2 d) (see the top of this file), and the thought weighs the sum of its
-- `report_threshold` heaviest reports made within the 23 hours before it joined the queue (`since`)
-- or after. So no thought weighs more than that many reporters who never helped hide anything: more
-- reports, or reports gathered over days from the same addresses under the day's new names, add
-- nothing. A reporter is known by its name under one salt: its history reaches back a day or two.
create function private.pending_weight(thought bigint, since timestamptz) returns double precision
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(w.weight), 0)::double precision
    from (select 1.0 / (1
                   + (select count(*) from private.void_reports o
                        join private.void_hidden_thoughts h on h.id = o.thought_id and h.automatic
                       where o.reporter = r.reporter and o.counts and o.thought_id <> r.thought_id)
                   + 2 * (select count(*) from private.void_reports o
                            join private.void_reviewed_thoughts d on d.id = o.thought_id
                           where o.reporter = r.reporter and o.counts and o.thought_id <> r.thought_id))
                 as weight
            from private.void_reports r
           where r.thought_id = pending_weight.thought and r.counts and r.dismissed_at is null
             and r.reported_at >= pending_weight.since - interval '23 hours'
           order by 1 desc
           limit (select greatest(s.report_threshold, 1) from private.void_settings s)) w;
$$;
revoke all on function private.pending_weight(bigint, timestamptz) from public, anon, authenticated, service_role;

-- Hides as many pending thoughts as the hourly budget has room for, heaviest reporters first, and
-- returns how many. `wait`: wait for the budget's lock (a report, the owner) or give up at once if
-- another session holds it (an offer, which must never wait for moderation). Thoughts another session
-- holds are skipped; they are decided next time.
--
-- Bounded work whatever the queue's length (an attacker can queue hundreds of decoys a day): a
-- thought is weighed when it joins, and each decision weighs again only the 50 heaviest of the
-- queue's order (weights only fall as reporters' other thoughts are hidden or restored) and picks
-- among them.
create function private.decide_pending(wait boolean) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.void_settings%rowtype;
  at timestamptz := clock_timestamp();
  room integer;
  heaviest bigint[];
  chosen bigint[];
begin
  if not exists (select 1 from private.void_pending_thoughts) then
    return 0;
  end if;
  select s.* into settings from private.void_settings s;
  if coalesce(settings.report_threshold, 0) <= 0 or coalesce(settings.auto_hides_per_hour, 0) <= 0
     or (select count(*) from private.void_auto_hides a where a.hidden_at > at - interval '1 hour')
        >= settings.auto_hides_per_hour then
    return 0;
  end if;

  if wait then
    lock table private.void_auto_hides in share row exclusive mode;
  else
    begin
      lock table private.void_auto_hides in share row exclusive mode nowait;
    exception when lock_not_available then
      return 0;
    end;
  end if;

  -- The ledger's rows older than the hour are left to prune_write_state, its one pruner.
  at := clock_timestamp();
  select greatest(settings.auto_hides_per_hour - count(*), 0)::integer into room
    from private.void_auto_hides a
   where a.hidden_at > at - interval '1 hour';
  if room = 0 then
    return 0;
  end if;

  select coalesce(array_agg(q.id), '{}') into heaviest
    from (select p.id from private.void_pending_thoughts p
           order by p.weight desc, p.joined limit 50) q;
  -- Thoughts that left the wall or that the owner decided meanwhile wait for nothing.
  delete from private.void_pending_thoughts p
   where p.id = any(heaviest)
     and (not exists (select 1 from public.void_thoughts t where t.id = p.id)
          or exists (select 1 from private.void_reviewed_thoughts d where d.id = p.id));
  update private.void_pending_thoughts p set weight = private.pending_weight(p.id, p.pending_since)
   where p.id = any(heaviest);

  select coalesce(array_agg(q.id), '{}') into chosen
    from (select t.id
            from private.void_pending_thoughts p
            join public.void_thoughts t on t.id = p.id
           where p.id = any(heaviest)
           order by p.weight desc, p.joined
           limit room
             for update of t skip locked) q;
  if cardinality(chosen) = 0 then
    return 0;
  end if;

  with gone as (
    delete from public.void_thoughts t where t.id = any(chosen) returning t.id, t.text, t.created_at
  )
  insert into private.void_hidden_thoughts (id, text, created_at, hidden_at, automatic)
  select g.id, g.text, g.created_at, date_trunc('hour', at), true from gone g;
  insert into private.void_auto_hides (thought_id, hidden_at)
  select c.id, at from unnest(chosen) c(id);
  delete from private.void_pending_thoughts p where p.id = any(chosen);
  return cardinality(chosen);
end;
$$;
revoke all on function private.decide_pending(boolean) from public, anon, authenticated, service_role;

-- 7. Recording a report -------------------------------------------------------------------------------

create or replace function private.void_reports_process() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limited boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  ids bigint[];
  settings private.void_settings%rowtype;
  salts record;
  my_key bytea;
  my_reporter bytea;
  my_earlier_name bytea;
  hour timestamptz;
  earlier integer;
  counted bigint[];
  candidates bigint[];
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
    select * into salts from private.report_salts();
    my_key := convert_to(private.reporter_key(), 'UTF8');
    my_reporter := sha256(salts.salt || my_key);
    my_earlier_name := sha256(salts.previous_salt || my_key);

    -- Reports of one thought queue here, in id order.
    if (select count(*) from (select t.id from public.void_thoughts t
                               where t.id = any(ids) order by t.id for update) locked) < cardinality(ids) then
      raise exception using
        errcode = '23503',
        message = 'No thought with this id is on the wall',
        detail = 'The thought does not exist or is no longer on the wall; nothing was stored.',
        hint = 'Report a thought by the id the wall shows for it.';
    end if;

    -- One reporter at a time from here: its count is exact.
    perform pg_advisory_xact_lock(hashtext('unburden.reporter'), hashtext(encode(my_reporter, 'hex')));
    hour := date_trunc('hour', clock_timestamp());

    -- Counted reports of the last 24 hours, under either of the reporter's names. A report dated to
    -- an hour 24 hours back may be up to 25 hours old: counting it errs toward fewer reports.
    select count(*) into earlier
      from private.void_reports r
     where r.reporter in (my_reporter, my_earlier_name) and r.counts
       and r.reported_at >= hour - interval '24 hours';

    -- A report of a thought waiting in the queue or decided by the owner is recorded and spends
    -- nothing; a repeat (under either name) stores nothing.
    with fresh as (
      select i.id,
             not exists (select 1 from private.void_pending_thoughts p where p.id = i.id)
               and not exists (select 1 from private.void_reviewed_thoughts d where d.id = i.id) as open
        from unnest(ids) i(id)
       where not exists (select 1 from private.void_reports r
                          where r.thought_id = i.id and r.reporter in (my_reporter, my_earlier_name))
    ), numbered as (
      select f.id, f.open, row_number() over (partition by f.open order by f.id) as n from fresh f
    ), stored as (
      insert into private.void_reports (thought_id, reporter, reported_at, counts)
      select n.id, my_reporter, hour, n.open and earlier + n.n <= coalesce(settings.counted_reports_per_day, 0)
        from numbered n
      on conflict do nothing
      returning thought_id, counts
    )
    select coalesce(array_agg(stored.thought_id order by stored.thought_id) filter (where stored.counts), '{}')
      into counted
      from stored;

    -- Every report costs its token, a repeat too (see 20261125010000_moderation_review.sql).
    if limited then
      perform private.take_tokens('reports', 'reporter ' || encode(my_reporter, 'hex'), cardinality(ids),
                                  settings.reports_per_minute);
    end if;

    if coalesce(settings.report_threshold, 0) > 0 and cardinality(counted) > 0 then
      -- Reports dated from 23 hours back were all made within the last day, under one of the two
      -- names this report was checked against: no reporter counts twice for one thought.
      select coalesce(array_agg(c.id order by c.id), '{}') into candidates
        from unnest(counted) c(id)
       where (select count(*) from private.void_reports r
               where r.thought_id = c.id and r.counts and r.dismissed_at is null
                 and r.reported_at >= hour - interval '23 hours') >= settings.report_threshold;
      if cardinality(candidates) > 0 then
        insert into private.void_pending_thoughts (id, pending_since, weight)
        select c.id, hour, private.pending_weight(c.id, hour) from unnest(candidates) c(id)
        on conflict do nothing;
      end if;
    end if;
    perform private.decide_pending(true);
  exception
    when deadlock_detected or serialization_failure then
      -- Not expected with one report per statement and one lock order; if it happens, the caller
      -- retries (a queue holds a 429) and learns nothing of other sessions.
      raise sqlstate 'PGRST' using
        message = json_build_object(
          'code', 'P0429',
          'message', 'Too many reports at once. Try again in a moment.',
          'details', null,
          'hint', null)::text,
        detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '1'))::text;
    when query_canceled or lock_not_available then
      perform private.raise_busy();
  end;

  perform private.prune_write_state();
  return null;
end;
$$;
revoke all on function private.void_reports_process() from public, anon, authenticated, service_role;

drop function private.current_report_salt();

-- 8. Offers: a /48 limit, and busy instead of 500 ------------------------------------------------------

create or replace function private.void_thoughts_charge_tokens() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored integer;
  network text;
begin
  perform set_config('unburden.offer_rows', '0', true);
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select count(*) into stored from charged_thoughts;
  begin
    perform private.take_tokens('offers', private.write_limit_key(), stored,
                                (select s.writes_per_minute from private.void_settings s));
    -- The /48 of an IPv6 client too: 65,536 /64s of one free /48 are one network.
    network := private.reporter_key();
    if network like '%/48' then
      perform private.take_tokens('offers', network, stored,
                                  (select s.offers_48_in_64s * s.writes_per_minute from private.void_settings s));
    end if;
  exception when query_canceled or lock_not_available or deadlock_detected then
    perform private.raise_busy();
  end;
  return null;
end;
$$;

-- The key's claim waits for a copy of the same offer still in flight: a timeout there is busy too.
create or replace function private.void_thoughts_skip_repeated_offer() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given text := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'idempotency-key';
  offer_key uuid;
  claimed boolean;
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
  begin
    insert into private.void_offer_keys (client_id, thought_id) values (offer_key, new.id)
      on conflict do nothing;
    claimed := found;
  exception when query_canceled or lock_not_available or deadlock_detected then
    perform private.raise_busy();
  end;
  if claimed then
    perform set_config('unburden.claimed_offer_key', offer_key::text, true);
    return new;
  end if;
  if current_setting('unburden.claimed_offer_key', true) = offer_key::text then
    return new;
  end if;
  return null;
end;
$$;

-- The count's stripe is shared with other writers (and the owner's recount): busy too.
create or replace function private.void_thoughts_count_inserted() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  added bigint;
begin
  select count(*) into added from inserted_thoughts;
  if added > 0 then
    begin
      update private.void_thought_counts
         set thoughts = thoughts + added
       where stripe = private.void_thought_count_stripe();
    exception when query_canceled or lock_not_available or deadlock_detected then
      perform private.raise_busy();
    end;
  end if;
  return null;
end;
$$;

-- 9. Pruning: reports by age, the budget's ledger, the queue after every write ------------------------

create or replace function private.prune_write_state() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := clock_timestamp();
begin
  delete from private.void_write_buckets
   where ctid in (select b.ctid from private.void_write_buckets b
                   where b.refilled_at < at - interval '1 minute'
                   limit 100 for update skip locked);
  delete from private.void_offer_keys
   where ctid in (select k.ctid from private.void_offer_keys k
                   where k.claimed_at < now() - (select s.offer_keys_kept_for from private.void_settings s)
                   limit 100 for update skip locked);
  delete from private.void_reports
   where ctid in (select r.ctid from private.void_reports r
                   where r.reported_at < at - (select s.reports_kept_for from private.void_settings s)
                   limit 100 for update skip locked);
  -- The previous salt is needed only while a report made under it is less than a day old.
  -- Skipped while a report holds the row (it may be turning the salt): never waited for.
  update private.void_report_salt s set previous_salt = null
   where s.ctid in (select x.ctid from private.void_report_salt x
                     where x.previous_salt is not null and x.made_at <= at - interval '1 day'
                       for update skip locked);
  -- The budget's ledger keeps exact times only for its hour, and this is the one place its older rows
  -- go. A report deciding the budget holds its lock (then this takes it again at once); any other
  -- holder makes this wait for nothing and leave the rows to the next write.
  if exists (select 1 from private.void_auto_hides a where a.hidden_at <= at - interval '1 hour') then
    begin
      lock table private.void_auto_hides in share row exclusive mode nowait;
      delete from private.void_auto_hides a where a.hidden_at <= at - interval '1 hour';
    exception when lock_not_available then
      null;
    end;
  end if;
  begin
    perform private.decide_pending(false);
  exception when query_canceled or lock_not_available or deadlock_detected then
    perform private.raise_busy();
  end;
end;
$$;

-- 10. The owner's decisions -----------------------------------------------------------------------------

-- A restore gives its hide's budget back, and the queue is decided with it.
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
     set dismissed_at = clock_timestamp()
   where r.thought_id = restore_thought.thought_id and r.dismissed_at is null;
  insert into private.void_reviewed_thoughts (id, decision, decided_at)
  values (restore_thought.thought_id, 'restored', clock_timestamp())
  on conflict (id) do update set decision = excluded.decision, decided_at = excluded.decided_at;
  delete from private.void_pending_thoughts p where p.id = restore_thought.thought_id;
  delete from private.void_auto_hides a where a.thought_id = restore_thought.thought_id;
  perform private.decide_pending(true);
  return true;
end;
$$;

-- The review list: counting reports are those of the last 23 hours (section 7).
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
                                  and reported_at >= date_trunc('hour', clock_timestamp()) - interval '23 hours')
                 as counting_reports,
               min(reported_at) as first_reported_at,
               max(reported_at) as last_reported_at
          from private.void_reports
         group by thought_id) r
  left join private.void_hidden_thoughts h on h.id = r.thought_id
  left join public.void_thoughts t on t.id = r.thought_id
  left join private.void_reviewed_thoughts d on d.id = r.thought_id
  left join private.void_pending_thoughts p on p.id = r.thought_id;

-- Thoughts that waited for the owner before this migration join the queue with their weight, and
-- are decided as the budget allows.
update private.void_pending_thoughts set weight = private.pending_weight(id, pending_since);
select private.decide_pending(true);
