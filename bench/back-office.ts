// The back office's list pages under a marketplace's worth of data: Users (100k members) and Listings (1M),
// first pages, searches, rare filters and a deep page, as an admin with two-factor sees them. Measured one
// request at a time (staff are few; what matters is how long each of their page loads takes on the server),
// the SQL each page ran captured for EXPLAIN like the public pages.
import type { Exec } from "./seed";

type Raw = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type BackOfficePage = { name: string; label: string; path: string };

export type BackOfficeTiming = BackOfficePage & {
  status: number;
  rows: number;
  samples: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
};

/** Extra members beyond the listing owners: `bench-member-NNNNNN`, a few suspended, spread over 400 days. */
export async function seedExtraMembers(exec: Exec, from: number, to: number) {
  if (to < from) return;
  await exec(`
INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
SELECT 'bench-member-' || lpad(g::text, 6, '0'),
  (ARRAY['Olivia','Jack','Charlotte','Noah','Amelia','William','Isla','Oliver','Mia','Thomas','Ava','James'])[1 + g % 12]
    || ' ' || (ARRAY['Smith','Jones','Williams','Brown','Wilson','Taylor','Nguyen','Johnson','Martin','White','Anderson','Walker','Tran','Kelly'])[1 + (g * 7) % 14],
  'member' || g || '@example.com', g % 5 <> 0,
  now() - interval '400 days' + (g::float / ${to}) * interval '399 days', now()
FROM generate_series(${from}, ${to}) AS g`);
  await exec(`
INSERT INTO profiles (user_id, status, suspended_at, created_at)
SELECT 'bench-member-' || lpad(g::text, 6, '0'),
  CASE WHEN g % 997 = 0 THEN 'suspended' ELSE 'active' END,
  CASE WHEN g % 997 = 0 THEN now() END,
  now() - interval '400 days' + (g::float / ${to}) * interval '399 days'
FROM generate_series(${from}, ${to}) AS g`);
}

/** Moderation history at a realistic rate: about 1 listing in 1,000 rejected, 1 in 2,000 taken down, 1 in 500 flagged. */
export async function seedModeration(exec: Exec) {
  await exec(`UPDATE listings SET moderation_status = 'rejected', status = 'cancelled'
    WHERE status = 'active' AND abs(hashtext(id::text)) % 1000 = 0`);
  await exec(`UPDATE listings SET moderation_status = 'takedown', status = 'cancelled', takedown_reason = 'terms',
    takedown_at = now() WHERE status = 'active' AND abs(hashtext(id::text)) % 2000 = 1`);
  await exec(`UPDATE listings SET is_flagged = true, moderation_status = 'pending'
    WHERE status = 'active' AND abs(hashtext(id::text)) % 500 = 7`);
}

/**
 * A staff session the way a real admin has one: signed up through the app, then (as `npm run staff` and TOTP
 * enrolment would) given the admin role and a verified second factor. Returns the cookie header.
 */
export async function adminSession(base: string, exec: Exec): Promise<string> {
  // One per run: a run over a kept database (--reuse) signs up its own.
  const email = `bench-admin-${Date.now()}@example.com`;
  // The sign-up form, as a browser without JavaScript posts it.
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ mode: "signup", fullName: "Bench Admin", email, password: "BenchAdmin2026" }),
  });
  if (!response.headers.getSetCookie().length)
    throw new Error(`admin sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await exec(`UPDATE users SET two_factor_enabled = true WHERE email = '${email}'`);
  await exec(`INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = '${email}'`);
  return cookie;
}

/** The pages measured; `deepCursor` is filled in from the first page's own "Next" link. */
export async function backOfficePages(raw: Raw): Promise<BackOfficePage[]> {
  const [rare] = await raw(
    "select email from users where id like 'bench-member-%' order by id desc offset 4321 limit 1",
  );
  const rareEmail = String(rare?.email ?? "member1@example.com");
  return [
    { name: "users", label: "Users, first page", path: "/admin/users" },
    { name: "users_search_name", label: "Users, search 'smith' (common)", path: "/admin/users?q=smith" },
    {
      name: "users_search_email",
      label: `Users, search '${rareEmail}' (one match)`,
      path: `/admin/users?q=${encodeURIComponent(rareEmail)}`,
    },
    { name: "users_search_none", label: "Users, search 'zzqx' (no match)", path: "/admin/users?q=zzqx" },
    { name: "users_suspended", label: "Users, status suspended (rare)", path: "/admin/users?status=suspended" },
    { name: "users_admins", label: "Users, role admin (one)", path: "/admin/users?role=admin" },
    { name: "listings", label: "Listings, first page", path: "/admin/listings" },
    { name: "listings_search", label: "Listings, search 'drill'", path: "/admin/listings?q=drill" },
    {
      name: "listings_search_none",
      label: "Listings, search 'zeppelin' (no match)",
      path: "/admin/listings?q=zeppelin",
    },
    {
      name: "listings_rejected",
      label: "Listings, moderation rejected (1 in 1,000)",
      path: "/admin/listings?moderation=rejected",
    },
    {
      name: "listings_takedown",
      label: "Listings, moderation takedown (1 in 2,000)",
      path: "/admin/listings?moderation=takedown",
    },
    { name: "listings_category", label: "Listings, category boats", path: "/admin/listings?category=boats" },
    { name: "listings_swapped", label: "Listings, status swapped", path: "/admin/listings?status=swapped" },
    // Reports: the first request of a run rolls the settled days up (the warm-up); the samples read the rollup.
    { name: "reports", label: "Reports, 30 days by day", path: "/admin/reports" },
    { name: "reports_90_week", label: "Reports, 90 days by week", path: "/admin/reports?period=90&by=week" },
    { name: "reports_365_week", label: "Reports, 365 days by week", path: "/admin/reports?period=365&by=week" },
    { name: "reports_365_day", label: "Reports, 365 days by day", path: "/admin/reports?period=365&by=day" },
  ];
}

/** Each page `samples` times in a row (after one warm-up request); wall time of the whole response. */
export async function timeBackOfficePage(
  base: string,
  cookie: string,
  page: BackOfficePage,
  samples: number,
): Promise<BackOfficeTiming & { body: string }> {
  const get = async () => {
    const start = process.hrtime.bigint();
    const response = await fetch(base + page.path, { headers: { cookie } });
    const body = await response.text();
    return { status: response.status, body, ms: Number(process.hrtime.bigint() - start) / 1e6 };
  };
  const first = await get();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await get()).ms);
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  // Rows on the page: links to a member's, listing's, swap's or payment's page, or to a report's dialog.
  const rows = new Set(
    first.body.match(/href="\/(admin\/(users|swaps|payments)|listings)\/[^"/?]+"|report=[0-9a-f-]{36}/g) ?? [],
  ).size;
  return {
    ...page,
    status: first.status,
    rows,
    samples,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    maxMs: at(1),
    body: first.body,
  };
}
