-- Which request header names the client is a setting, and the default is one no client can choose.
--
-- Before: private.write_limit_key() took cf-connecting-ip when present, else the rightmost
-- x-forwarded-for entry. Behind Cloudflare (hosted Supabase) cf-connecting-ip is Cloudflare's and a
-- client's own is overwritten. Behind anything else (self-hosted Supabase, `supabase start`, any
-- proxy that appends X-Forwarded-For and passes other headers through) it is whatever the client
-- sent: 30 offers from one peer, each with a new cf-connecting-ip, were all stored, and three reports
-- from one peer, under three made-up addresses, hid a thought (the reporter is the same key).
--
-- Now private.void_settings.client_address_from names the one header the key is read from, and no
-- other header is looked at:
-- - 'x-forwarded-for' (the default): its RIGHTMOST entry, the address the last proxy appended. Every
--   common deployment has a proxy that appends what it saw after whatever the client sent: Cloudflare
--   on hosted Supabase (its documented X-Forwarded-For ends with the address that connected to it;
--   the project's own gateway, Envoy without use_remote_address, appends nothing after it, so the
--   entry is the same address as cf-connecting-ip), Kong on `supabase start` and on self-hosted
--   Supabase (it appends its peer), nginx's $proxy_add_x_forwarded_for, the local backend. So on
--   none of them can a client choose its bucket. Where the last proxy is not the client's first hop
--   (a proxy in front of Kong), every client gets that proxy's address: one shared bucket, too
--   strict, never too loose, until the owner sets the value below for that deployment.
-- - 'cf-connecting-ip': Cloudflare's header, for hosted Supabase (set and overwritten by Cloudflare
--   on every request). The exact key of the earlier migrations there; wrong anywhere a request can
--   reach PostgREST without passing Cloudflare, where a client writes it.
-- - 'x-real-ip': Kong's header (Supabase's gateway on `supabase start` and self-hosted): Kong
--   overwrites it with the address it saw, or, with KONG_TRUSTED_IPS set to the proxy in front and
--   KONG_REAL_IP_HEADER=X-Forwarded-For, with the address that proxy appended. For self-hosted Supabase
--   behind a proxy.
-- A value not listed is refused by a check (a typo would otherwise key every client as 'unknown').
-- docs/security.md, "What to set for your deployment", says which value fits which deployment and
-- how to check the key an offer got. The rest of the key is as before: IPv6 by /64, ::ffff:a.b.c.d
-- as IPv4, 'unknown' for anything unparseable, an error anywhere also 'unknown'. The reporter
-- (private.reporter_key()) is this key with IPv6 by /48, so it follows the setting.

-- void_settings holds one row: the locks are short. Both settings end with the file's transaction.
set local lock_timeout = '10s';
set local statement_timeout = '10min';

alter table private.void_settings
  add column if not exists client_address_from text not null default 'x-forwarded-for'
    constraint void_settings_client_address_from_known
      check (client_address_from in ('x-forwarded-for', 'cf-connecting-ip', 'x-real-ip'));

comment on column private.void_settings.client_address_from is
  'The request header the client address is read from: x-forwarded-for (its rightmost entry), cf-connecting-ip (hosted Supabase, behind Cloudflare) or x-real-ip (Kong). See docs/security.md.';

create or replace function private.write_limit_key() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  header_name text;
  headers json;
  raw text;
  address inet;
begin
  begin
    select s.client_address_from into header_name from private.void_settings s;
    headers := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
    if header_name in ('cf-connecting-ip', 'x-real-ip') then
      -- One address, set by the gateway: a list (a header sent twice, joined) is not one.
      raw := nullif(btrim(headers ->> header_name), '');
    else
      -- 'x-forwarded-for', and the default should the settings row be missing.
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
