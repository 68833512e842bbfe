-- Review of 20261125000000_moderation_budget.sql (issue 24): what it left open, closed.
--
-- 1. The reports' token bucket told who at your address reported what. A repeat of a report (the
--    same thought from the same reporter under the same salt) stored nothing and cost no token, a
--    first report cost one. So with the bucket spent (one's own reports, or one report a minute), a
--    report of thought X answered 201 when someone sharing the address (a household, an office, a
--    carrier's NAT, an IPv6 /48) had already reported X today and 429 otherwise, and the 429 rolled
--    back: nothing was stored, and every thought of the wall could be probed. Now every report by an
--    API role costs its token, a repeat too; a repeat still stores nothing and never counts twice,
--    and a queue that resends a report after a lost answer gets 201, or 429 with Retry-After and
--    sends it again later, as with any limit.
--
-- 2. clock_offset was said to move only forward, and nothing held it to that. Moved back, every
--    report and the salt made under the later clock lie in the future: a salt dated ahead is not
--    replaced until the real clock passes it by a day (one reporter identity for days), and reports
--    made before then are dated before it, so none of them counts toward hiding: automatic hiding
--    stopped without a word (measured: 2 days forward, a report, back to 0, then three reporters:
--    0 counting, nothing hidden). Hides dated ahead spent the hour's budget until the clock reached
--    them. Now the setting cannot move back while any report, automatic hide or the salt is dated
--    after the clock it would give (the tests' and the tester controls' reset empty those first,
--    date the salt from now, then put the clock back), and cannot pass 100 years (further, every
--    clock reading fails: every offer and report would answer 400 "timestamp out of range").

set local lock_timeout = '10s';
set local statement_timeout = '10min';

-- 1. Reports: every report costs its token ------------------------------------------------------------

create or replace function private.void_reports_process() returns trigger
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

    -- Every report costs its token, a repeat too (it still stores nothing and is never counted
    -- twice): a repeat that cost nothing answered 201 with the bucket spent where a first report
    -- answered 429, which told anyone at the same address which thoughts a housemate had reported.
    if limited then
      perform private.take_tokens('reports', 'reporter ' || encode(my_reporter, 'hex'), cardinality(ids),
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

-- 2. clock_offset only moves forward over what it dated ----------------------------------------------

create function private.void_settings_clock_forward() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  later timestamptz;
begin
  if new.clock_offset > interval '100 years' then
    raise exception using
      errcode = '23514',
      message = 'clock_offset is at most 100 years',
      hint = 'clock_offset is for simulations; leave it at 0.';
  end if;
  later := clock_timestamp() + new.clock_offset;
  if new.clock_offset < old.clock_offset
     and (exists (select 1 from private.void_reports r where r.reported_at > later)
          or exists (select 1 from private.void_auto_hides a where a.hidden_at > later)
          or exists (select 1 from private.void_report_salt s where s.made_at > later)) then
    raise exception using
      errcode = '23514',
      message = 'clock_offset only moves forward',
      detail = 'Reports, automatic hides or the reporters'' salt are dated after the clock it would give.',
      hint = 'To start a simulation again, empty private.void_reports and private.void_auto_hides and set '
             'the salt''s made_at to now() first.';
  end if;
  return new;
end;
$$;
revoke all on function private.void_settings_clock_forward() from public, anon, authenticated, service_role;

create trigger void_settings_clock_forward
  before update of clock_offset on private.void_settings
  for each row execute function private.void_settings_clock_forward();
