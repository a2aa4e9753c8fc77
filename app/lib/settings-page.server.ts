import { checkSecurity } from "#core/settings/check-security.ts";
import { describeSecrets } from "#core/settings/describe-secrets.ts";
import { findSystemInfo } from "#core/settings/find-system-info.ts";
import { loadSigningKeys } from "#core/session-keys/signing-keys.ts";
import { findFeatureFlags } from "#core/flags/find-feature-flags.ts";
import { formatBytes, formatUptime } from "../components/admin/settings/format";
import type { AppContext } from "../context";
import { readAdminRoutePermissions } from "./admin-route-permissions.server";
import { sydneyDateTime } from "./sydney-format";

/**
 * Everything the Settings page shows, read now and shaped for it: the flags, the secrets (Configured / Not configured
 * and at most the last 4 characters: the values never leave the server), the checklist, the signing keys (and the
 * rotation's message after a rotation, `?rotated=<key id>`), backups and the system's figures.
 */
export async function readSettingsPage(ctx: AppContext, request: Request) {
  const { env, db } = ctx;
  const flags = await findFeatureFlags(db);
  const checks = await checkSecurity(db, {
    appUrl: env.APP_URL,
    secureCookies: ctx.auth.options.advanced?.useSecureCookies === true,
    allowlistEntries: (env.ADMIN_IP_ALLOWLIST ?? "").split(",").filter((e) => e.trim()).length,
    paymentProvider: env.PAYMENT_PROVIDER,
    routePermissions: await readAdminRoutePermissions(),
    now: ctx.clock.now(),
  });
  const system = await findSystemInfo(db);
  const signing = await loadSigningKeys(db, { authSecret: env.BETTER_AUTH_SECRET, now: ctx.clock.now() });
  const previous = signing.accepted.filter((k) => k !== signing.current);
  // After a rotation (PRG) the page says what it did, from the keys themselves.
  const rotated = new URL(request.url).searchParams.get("rotated");
  const rotationMessage =
    rotated && rotated === signing.current.id
      ? `New sessions are signed with key ${rotated}. Sessions signed with the previous key stay valid until ${sydneyDateTime(previous[0]?.validUntil)}.`
      : null;
  const last = system.backups.last;
  return {
    flags: flags.map((f) => ({
      key: f.key,
      enabled: f.enabled,
      changed: f.changedAt ? `${sydneyDateTime(f.changedAt)} by ${f.changedBy}` : null,
    })),
    // Configured / Not configured and at most the last 4 characters: the values never leave the server.
    secrets: describeSecrets({
      authSecret: env.BETTER_AUTH_SECRET,
      authSecretSource: env.AUTH_SECRET_SOURCE,
      paymentProvider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      mailTransport: env.MAIL_TRANSPORT,
      smtpUrl: env.SMTP_URL,
    }),
    checks,
    signingKeys: signing.accepted.map((k) => ({
      id: k.id,
      since: sydneyDateTime(k.since),
      validUntil: k.validUntil ? sydneyDateTime(k.validUntil) : null,
      legacy: k.key === env.BETTER_AUTH_SECRET,
    })),
    rotationMessage,
    backups: [
      { label: "Last snapshot", value: last ? `${last.id}, ${sydneyDateTime(last.createdAt)}` : "No snapshot yet" },
      ...(last
        ? [{ label: "Its size", value: last.sizeBytes === null ? "Not recorded" : formatBytes(last.sizeBytes) }]
        : []),
      { label: "Snapshots kept", value: `${system.backups.count} (${formatBytes(system.backups.totalBytes)} in all)` },
      { label: "Take one", value: "Tools › Snapshot Before Deploy" },
      { label: "Restore one", value: "npm run snapshot:restore -- ID, with the app stopped" },
    ],
    system: [
      { label: "Version", value: system.version },
      { label: "Uptime of this process", value: formatUptime(system.uptimeSeconds) },
      { label: "Environment", value: env.NODE_ENV },
      { label: "Node", value: system.nodeVersion },
      { label: "Database", value: system.database },
    ],
  };
}
