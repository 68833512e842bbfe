-- Reports: the wall defends itself. Anyone may report a thought; when `report_threshold` different
-- reporters have reported it, it leaves the wall for everyone, in the database. The owner reviews and
-- restores with SQL (docs/moderation.md).
--
-- How a report arrives: a spec-style plain insert, `POST /rest/v1/void_reports {"thought_id": 123}`
-- (supabase-js: `.from('void_reports').insert({ thought_id })`). public.void_reports is only a door:
-- its BEFORE INSERT trigger records the report in private.void_reports and returns NULL, so the public
-- table never holds a row and the answer is still 201. The API roles may insert `thought_id` and read
-- the (always empty) table; with row-level security on and no read policy they would see nothing even
-- if a row were there. The read grant is there only because PostgREST's `Prefer: return=representation`
-- (supabase-js `.insert(...).select()`) puts the table's columns in RETURNING, which needs SELECT: with
-- it the answer is 201 `[]`, without it 401. Nobody but the owner reads, changes or deletes a report.
--
-- Who reported: the key the write limit uses (private.write_limit_key(): cf-connecting-ip, else the
-- rightmost x-forwarded-for entry, IPv6 by /64), stored only as sha256(salt || key). The salt is 32
-- random bytes made at migration time from gen_random_uuid() (a strong random source in core
-- PostgreSQL 13+) and kept in a private table nobody but the owner reads: so the stored hashes cannot be
-- matched against the 2^32 IPv4 addresses without it. One report per thought per reporter (the primary
-- key): a repeat stores nothing, costs no token and answers 201, so a queue that resends a report after
-- a lost answer can never count it twice. Every client without a usable address shares the reporter
-- 'unknown' (like its write bucket), so garbage headers never earn more reports.
--
-- Hiding moves the row: out of public.void_thoughts into private.void_hidden_thoughts (same id, text,
-- created_at). So a hidden thought is gone from `select=*`, from the app's keyset feed, from
-- `count=exact` and from any counter the table's delete triggers keep, with no per-row policy cost at
-- any size and nothing for a client to filter. (A read policy with a `not exists (reports...)`
-- subquery would add an anti-join to every read of a 10M-row wall and to every count.) Reporters of one
-- thought queue behind a lock on its row, so two reports arriving together cannot both miss the
-- threshold. 0 turns hiding off (reports are still recorded for the owner).
--
-- A report of a thought already hidden is recorded (the owner sees it) and answers 201. A report of an
-- id that is neither on the wall nor hidden (never existed, or the owner deleted it) is refused with
-- 23503, which PostgREST answers 409 with a clear message: bad input gets a clear error, and nothing
-- is stored. The app's queue takes that answer as final for a report (there is nothing left to hide).
--
-- Reports are rate-limited like offers, in their own bucket kind: `reports_per_minute` (10), one token
-- per report recorded, for the API roles only.
--
-- Restoring (private.restore_thought(id)) puts the row back with its id and created_at and dismisses
-- its reports: they stay recorded, so those reporters cannot report it again, and only as many NEW
-- reporters as the threshold hide it again.

-- Migration lint (squawk, .squawk.toml): this file was applied as released; what the lint reports is
-- allowed here, not changed. It alters void_settings (one row) and creates new tables (lock and
-- statement timeouts); the two integer settings are small counts.
-- squawk-ignore-file require-lock-timeout, require-statement-timeout, prefer-bigint-over-int

-- Settings ------------------------------------------------------------------------------------------

alter table private.void_settings
  add column if not exists report_threshold integer not null default 3
    constraint void_settings_report_threshold_not_negative check (report_threshold >= 0);
alter table private.void_settings
  add column if not exists reports_per_minute integer not null default 10
    constraint void_settings_reports_per_minute_not_negative check (reports_per_minute >= 0);

-- The salt ------------------------------------------------------------------------------------------

create table private.void_report_salt (
  id boolean primary key default true check (id),
  salt bytea not null check (octet_length(salt) >= 32)
);
insert into private.void_report_salt (salt)
values (sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text,
                          'UTF8')));

-- Reports and hidden thoughts ----------------------------------------------------------------------

create table private.void_reports (
  thought_id bigint not null,
  reporter bytea not null,
  reported_at timestamptz not null default now(),
  -- Set when the owner restores the thought: the report no longer counts toward hiding it.
  dismissed_at timestamptz,
  primary key (thought_id, reporter)
);
comment on table private.void_reports is
  'One row per thought per reporter; reporter is sha256(salt || client address key), never the address.';

create table private.void_hidden_thoughts (
  id bigint primary key,
  text text not null,
  created_at timestamptz not null,
  hidden_at timestamptz not null default now()
);
comment on table private.void_hidden_thoughts is
  'Thoughts taken off the wall by reports, as they were; private.restore_thought(id) puts one back.';

revoke all on table private.void_report_salt, private.void_reports, private.void_hidden_thoughts
  from public, anon, authenticated, service_role;

-- The door: public.void_reports ---------------------------------------------------------------------

create table public.void_reports (
  thought_id bigint not null
);
comment on table public.void_reports is
  'Report a thought: insert {thought_id}. Always empty: reports are kept where the API cannot read them.';

revoke all on table public.void_reports from public, anon, authenticated, service_role;
grant insert (thought_id) on table public.void_reports to anon, authenticated, service_role;
grant select (thought_id) on table public.void_reports to anon, authenticated, service_role;

alter table public.void_reports enable row level security;

create policy "Anyone can report a thought"
  on public.void_reports for insert
  to anon, authenticated, service_role
  with check (true);

-- Records one report by the request's reporter. Returns true when it was recorded (a first report),
-- false for a repeat; raises 23503 for an unknown thought. Hides the thought when the reports that
-- count reach the threshold.
create function private.record_report(reported bigint) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  threshold integer;
  thought public.void_thoughts%rowtype;
  counted integer;
begin
  if reported is null then
    raise exception using errcode = '23502', message = 'A report needs the thought_id of the thought';
  end if;

  -- Lock the thought's row: reports of one thought queue here, so each sees the ones before it.
  select t.* into thought from public.void_thoughts t where t.id = reported for update;
  if not found and not exists (select 1 from private.void_hidden_thoughts h where h.id = reported) then
    raise exception using
      errcode = '23503',
      message = 'No thought with this id is on the wall',
      detail = format('Thought %s does not exist or was removed; nothing was stored.', reported),
      hint = 'Report a thought by the id the wall shows for it.';
  end if;

  insert into private.void_reports (thought_id, reporter)
  values (reported,
          sha256((select s.salt from private.void_report_salt s)
                 || convert_to(private.write_limit_key(), 'UTF8')))
  on conflict do nothing;
  if not found then
    return false;
  end if;

  if thought.id is null then
    return true; -- already hidden
  end if;
  select s.report_threshold into threshold from private.void_settings s;
  if coalesce(threshold, 0) = 0 then
    return true;
  end if;
  select count(*) into counted
    from private.void_reports r
   where r.thought_id = reported and r.dismissed_at is null;
  if counted >= threshold then
    delete from public.void_thoughts t where t.id = reported;
    insert into private.void_hidden_thoughts (id, text, created_at)
    values (thought.id, thought.text, thought.created_at);
  end if;
  return true;
end;
$$;
revoke all on function private.record_report(bigint) from public, anon, authenticated, service_role;

-- The door's trigger: records the report, then takes one token for a report recorded by an API role
-- (the owner is not limited). It runs with the owner's rights, so it reads the request's role from the
-- `role` setting PostgREST sets for every request (current_user is the owner here). Nothing it calls
-- is granted to the API roles, so even with the private schema exposed nobody could record a report
-- past the limit. A refused token rolls back the report, and a hiding it caused, with the statement.
create function private.void_reports_record() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.record_report(new.thought_id)
     and current_setting('role', true) in ('anon', 'authenticated') then
    perform private.take_write_tokens(
      'reports', 1, (select s.reports_per_minute from private.void_settings s));
  end if;
  return null;
end;
$$;
revoke all on function private.void_reports_record() from public, anon, authenticated, service_role;

create trigger void_reports_record
  before insert on public.void_reports
  for each row execute function private.void_reports_record();

-- For the owner: review and restore ----------------------------------------------------------------

-- Every reported thought: on the wall or hidden, with the reports that count toward hiding it, the
-- dismissed ones, when it was first and last reported and when it was hidden. 'gone' is a thought the
-- owner deleted.
create view private.void_reported_thoughts as
select r.thought_id as id,
       case when h.id is not null then 'hidden' when t.id is not null then 'visible' else 'gone' end
         as status,
       coalesce(h.text, t.text) as text,
       coalesce(h.created_at, t.created_at) as created_at,
       r.reports,
       r.dismissed_reports,
       (select s.report_threshold from private.void_settings s) as threshold,
       r.first_reported_at,
       r.last_reported_at,
       h.hidden_at
  from (select thought_id,
               count(*) filter (where dismissed_at is null) as reports,
               count(*) filter (where dismissed_at is not null) as dismissed_reports,
               min(reported_at) as first_reported_at,
               max(reported_at) as last_reported_at
          from private.void_reports
         group by thought_id) r
  left join private.void_hidden_thoughts h on h.id = r.thought_id
  left join public.void_thoughts t on t.id = r.thought_id;
revoke all on table private.void_reported_thoughts from public, anon, authenticated, service_role;

-- Puts a hidden thought back on the wall with its id and created_at and dismisses its reports. Returns
-- false when the thought is not hidden. The owner's alone.
create function private.restore_thought(thought_id bigint) returns boolean
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
     set dismissed_at = now()
   where r.thought_id = restore_thought.thought_id and r.dismissed_at is null;
  return true;
end;
$$;
revoke all on function private.restore_thought(bigint) from public, anon, authenticated, service_role;

-- A new table in the exposed schema: hosted PostgREST reloads its schema cache.
notify pgrst, 'reload schema';
