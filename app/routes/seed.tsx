import { Database, KeyRound } from "#app/components/ui/icons.ts";
import { useEffect, useState } from "react";
import { data, Form, useFetcher } from "react-router";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import { toast } from "../lib/toast";
import type { Route } from "./+types/seed";
import { appContext } from "../context";
import { Button, ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { FormError } from "../components/forms/form-error";
import { seedDemoData, type SeedStep } from "#core/seed/seed-demo-data.ts";
import { SEED_LISTINGS, SEED_PASSWORD, SEED_USERS } from "#db/seed/seed-data.ts";
import { isDemoMode } from "#core/shared/demo-mode.ts";
import { maySeedStaff } from "#core/seed/seed-staff-accounts.ts";
import { SEED_STAFF } from "#db/seed/seed-staff.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Seed Test Data | SwapShed" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  return {
    allowed: isDemoMode(env),
    staff: maySeedStaff(env) ? SEED_STAFF.map(({ email, role }) => ({ email, role })) : [],
    turnedOff: env.ALLOW_SEED === false,
    password: SEED_PASSWORD,
    users: SEED_USERS.length,
    listings: SEED_LISTINGS.length,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  if (!isDemoMode(ctx.env))
    return data({ ok: false as const, error: "Seeding is disabled in production." }, { status: 403 });
  const { step } = await readForm(request);
  const steps: SeedStep[] = step === "users" || step === "listings" ? [step] : ["users", "listings"];
  return runAction(
    // Members and listings only: no request makes anyone staff (the demo's staff are made at boot, decision 066).
    () => seedDemoData(ctx, steps),
    (result) => ({ ok: true as const, step: step ?? "all", ...result }),
    { unexpected: { message: "Failed to seed database", log: "seed failed" }, echo: () => ({ ok: false as const }) },
  );
}

export default function Seed({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const [progress, setProgress] = useState<string | null>(null);
  // Without JavaScript the form posts once and both steps run; the answer is the page's action data.
  const result = fetcher.data ?? actionData;

  // With JavaScript the two steps run one after the other so the page can say where it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on each answer from the server on purpose
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (!result.ok) {
      // Said once, on the page (decision 048): the status line below shows the failure.
      setProgress(null);
    } else if (result.step === "users") {
      setProgress(`Created ${result.users} test users. Creating ${loaderData.listings} listings with pictures...`);
      fetcher.submit({ step: "listings" }, { method: "post" });
    } else {
      setProgress(`Done: ${result.users} test users and ${result.listings} active listings.`);
      toast.success("Database seeded successfully!");
    }
  }, [fetcher.state, result]);

  const busy = fetcher.state !== "idle" || (result?.ok === true && result.step === "users");
  return (
    <main id="main" className="bg-surface py-12 sm:py-16">
      <Container className="max-w-xl">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <Database className="size-8 text-brand-600" aria-hidden="true" />
          <h1 className="mt-3 text-2xl font-bold tracking-tight">Seed Test Data</h1>
          <p className="mt-2 text-muted">
            Creates {loaderData.users} test users and {loaderData.listings} active listings across the goods categories,
            with pictures. Running it again adds nothing new.
          </p>
          <div className="mt-5 flex items-start gap-3 rounded-xl bg-surface p-4 text-sm">
            <KeyRound className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {/* The password comes last: punctuation right after its padded box read as a stray space (", for"). */}
            <p>
              Sign in as any test user, for example <span className="font-semibold">{SEED_USERS[0].email}</span>, with
              the password{" "}
              <code className="rounded bg-white px-1.5 py-0.5 font-mono font-semibold">{loaderData.password}</code>
            </p>
          </div>
          {loaderData.staff.length > 0 && (
            <p className="mt-3 text-sm text-muted">
              Demo staff accounts for the back office:{" "}
              {loaderData.staff.map((s, i) => (
                <span key={s.email}>
                  {i > 0 && (i === loaderData.staff.length - 1 ? " and " : ", ")}
                  <span className="break-all font-semibold text-ink">{s.email}</span> ({s.role})
                </span>
              ))}
              . They do not use the password above: each has its own, shown once in the server's console when the
              accounts were made. To choose a new one, stop the server and run{" "}
              <span className="rounded bg-surface px-1 font-mono text-ink">npm run staff -- password EMAIL</span>. Each
              sets up two-factor sign-in the first time it opens /admin.
            </p>
          )}
          {loaderData.allowed && (
            <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              This site runs in demo mode: anyone who can open this page can add the test members, they all share the
              password above, and mail is shown at /dev/outbox instead of being sent. For a real deployment set
              ALLOW_SEED=false (or use PostgreSQL in production).
            </p>
          )}
          {loaderData.allowed ? (
            <Form
              method="post"
              className="mt-6"
              onSubmit={(event) => {
                event.preventDefault();
                setProgress(`Creating ${loaderData.users} test users...`);
                fetcher.submit({ step: "users" }, { method: "post" });
              }}
            >
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? "Seeding..." : "Seed Database"}
              </Button>
            </Form>
          ) : (
            <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
              {loaderData.turnedOff
                ? "Seeding is turned off on this deployment (ALLOW_SEED=false)."
                : "Seeding is disabled in production. Set ALLOW_SEED=true to allow it."}
            </p>
          )}
          <p role="status" className="mt-4 min-h-5 text-sm text-muted">
            {progress ?? (result?.ok ? `Done: ${result.users} test users and ${result.listings} active listings.` : "")}
          </p>
          {result && !result.ok && <FormError message={result.error} />}
          {result?.ok && result.step !== "users" && (
            <ButtonLink to="/#browse" variant="outline" className="mt-2 w-full">
              See the listings
            </ButtonLink>
          )}
        </div>
      </Container>
    </main>
  );
}
