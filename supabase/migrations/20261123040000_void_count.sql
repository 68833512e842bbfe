-- The wall's count, kept by the database: the count line no longer makes PostgreSQL count every row.
--
-- Before: the feed's first page asked `Prefer: count=exact`, so every visit counted the whole table
-- (a sequential or index-only scan of every row): at millions of rows that nears the anon role's 3 s
-- statement timeout on a hosted project, then fails. Now:
-- - private.void_thought_counts holds the count in a few striped rows. Statement-level AFTER triggers
--   on public.void_thoughts add the rows a statement inserted and subtract the rows it deleted, read
--   from the statement's transition tables: a batch insert is one update, and a row the repeated-offer
--   trigger skipped was never inserted, so it is never counted. TRUNCATE sets every stripe to 0.
-- - Writers spread over 16 stripes by their backend's process id, so concurrent inserts from different
--   connections rarely wait for one another, and one transaction only ever touches one stripe (no
--   deadlock between stripes). Reading sums the 16 rows.
-- - public.void_thought_count() answers the sum, as the API's `GET /rest/v1/rpc/void_thought_count`
--   (supabase-js `.rpc('void_thought_count', undefined, { get: true })`). It runs as the caller (not a
--   security definer); the API roles may read the counter's rows and write none of them.
-- - Hiding a thought (reports) deletes it from the table, restoring it inserts it again: both go
--   through the triggers. So does anything the owner does in SQL, except what bypasses triggers
--   (`session_replication_role = replica`, e.g. a data-only restore with triggers disabled): then
--   `select private.recount_thoughts()` sets the count from the table again.
-- Nothing changes in public.void_thoughts itself: `select=*` is still (id, text, created_at).

-- Migration lint (squawk, .squawk.toml): what the lint reports is allowed here, not changed. It creates
-- a new table and takes its one lock on the wall inside recount_thoughts() (lock and statement
-- timeouts); a stripe is a number from 0 to 15.
-- squawk-ignore-file require-lock-timeout, require-statement-timeout, prefer-bigint-over-smallint

create table private.void_thought_counts (
  stripe smallint primary key check (stripe >= 0 and stripe < 16),
  thoughts bigint not null default 0
);
comment on table private.void_thought_counts is
  'The rows of public.void_thoughts, kept by its triggers in 16 stripes: the count is their sum.';

revoke all on table private.void_thought_counts from public, anon, authenticated, service_role;
grant select on table private.void_thought_counts to anon, authenticated, service_role;

-- The stripes start at 0; the count of the rows already there is set at the end of this file, once the
-- triggers that keep it exist (see there).
insert into private.void_thought_counts (stripe, thoughts)
select stripe, 0 from generate_series(0, 15) as stripe;

-- The stripe of the current connection.
create function private.void_thought_count_stripe() returns smallint
language sql
stable
set search_path = ''
as $$
  select (pg_backend_pid() % 16)::smallint;
$$;
revoke all on function private.void_thought_count_stripe() from public, anon, authenticated, service_role;

create function private.void_thoughts_count_inserted() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  added bigint;
begin
  select count(*) into added from inserted_thoughts;
  if added > 0 then
    update private.void_thought_counts
       set thoughts = thoughts + added
     where stripe = private.void_thought_count_stripe();
  end if;
  return null;
end;
$$;
revoke all on function private.void_thoughts_count_inserted() from public, anon, authenticated, service_role;

create function private.void_thoughts_count_deleted() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed bigint;
begin
  select count(*) into removed from deleted_thoughts;
  if removed > 0 then
    update private.void_thought_counts
       set thoughts = thoughts - removed
     where stripe = private.void_thought_count_stripe();
  end if;
  return null;
end;
$$;
revoke all on function private.void_thoughts_count_deleted() from public, anon, authenticated, service_role;

create function private.void_thoughts_count_truncated() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.void_thought_counts set thoughts = 0 where thoughts <> 0;
  return null;
end;
$$;
revoke all on function private.void_thoughts_count_truncated() from public, anon, authenticated, service_role;

create trigger void_thoughts_count_inserted
  after insert on public.void_thoughts
  referencing new table as inserted_thoughts
  for each statement execute function private.void_thoughts_count_inserted();

create trigger void_thoughts_count_deleted
  after delete on public.void_thoughts
  referencing old table as deleted_thoughts
  for each statement execute function private.void_thoughts_count_deleted();

create trigger void_thoughts_count_truncated
  after truncate on public.void_thoughts
  for each statement execute function private.void_thoughts_count_truncated();

-- The count, for everyone -----------------------------------------------------------------------------

create function public.void_thought_count() returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(c.thoughts), 0)::bigint from private.void_thought_counts c;
$$;
comment on function public.void_thought_count() is
  'How many thoughts are on the wall (kept by triggers; no row is counted when it is asked).';
revoke all on function public.void_thought_count() from public, anon, authenticated, service_role;
grant execute on function public.void_thought_count() to anon, authenticated, service_role;

-- For the owner: sets the count from the table again (after anything that bypassed the triggers).
-- Returns the count. Locks out writers while it counts.
create function private.recount_thoughts() returns bigint
language plpgsql
set search_path = ''
as $$
declare
  counted bigint;
begin
  lock table public.void_thoughts in share row exclusive mode;
  select count(*) into counted from public.void_thoughts;
  update private.void_thought_counts
     set thoughts = case when stripe = 0 then counted else 0 end;
  return counted;
end;
$$;
revoke all on function private.recount_thoughts() from public, anon, authenticated, service_role;

-- The rows already on the wall. recount_thoughts() locks out writers while it counts, and the triggers
-- above already count every row written after it: no row is missed or counted twice, whether the runner
-- applies this file as one transaction (the local backend, the SQL editor, the Supabase CLI's implicit
-- one) or statement by statement. The lock sits inside a function because a bare LOCK TABLE outside an
-- explicit transaction block is refused (25P01), as `supabase db push` sends a file.
select private.recount_thoughts();

-- A new function in the exposed schema: hosted PostgREST reloads its schema cache.
notify pgrst, 'reload schema';
