import { data, useLocation, useNavigation } from "react-router";
import { findFeatureFlags } from "../../../core/flags/find-feature-flags";
import { type FeatureFlagValues, updateFeatureFlags } from "../../../core/flags/update-feature-flags";
import { checkSecurity } from "../../../core/settings/check-security";
import { describeSecrets } from "../../../core/settings/describe-secrets";
import { readSystemInfo } from "../../../core/settings/read-system-info";
import { rotateSigningKey } from "../../../core/session-keys/rotate-signing-key";
import { loadSigningKeys } from "../../../core/session-keys/signing-keys";
import type { StaffAction } from "../../../core/staff/permissions";
import { FEATURE_FLAG_KEYS } from "../../../db/schema/flags";
import { LoadError } from "../../components/admin/load-error";
import { PageHeader } from "../../components/admin/page-header";
import { FactsList } from "../../components/admin/settings/facts-list";
import { FeatureFlagsForm } from "../../components/admin/settings/feature-flags-form";
import { formatBytes, formatUptime } from "../../components/admin/settings/format";
import { KeyRotation } from "../../components/admin/settings/key-rotation";
import { SecretsList } from "../../components/admin/settings/secrets-list";
import { SecurityChecklist } from "../../components/admin/settings/security-checklist";
import { SettingsSection } from "../../components/admin/settings/section";
import { useFailureToast } from "../../components/admin/use-failure-toast";
import { appContext } from "../../context";
import { readAdminRoutePermissions } from "../../lib/admin-route-permissions.server";
import { requireStaff } from "../../lib/require-staff.server";
import { runStaffAction } from "../../lib/staff-action.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import type { Route } from "./+types/settings";

/** What it takes to open this page: the permission table's entry (admins only). */
export const permission: StaffAction = "view_settings";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { flags: "update_feature_flags", rotate: "rotate_keys" } as const satisfies Record<
  string,
  StaffAction
>;

export const FLAGS_UPDATED = "Feature flags updated";
export const FLAGS_SAVE_FAILED = "Failed to save feature flags";
export const ONLY_ADMINS_CHANGE_FLAGS = "Only admins can change feature flags";
export const ONLY_ADMINS_SAVE_FLAGS = "Only admins can save feature flags";
export const ROTATION_INITIATED = "Key rotation initiated";
export const ROTATION_FAILED = "Failed to initiate key rotation";
export const ONLY_ADMINS_ROTATE = "Only admins can initiate key rotation";

export const handle = { breadcrumb: "Settings" };
export const meta: Route.MetaFunction = () => [
  { title: "Settings | SwapShed back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
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
  const system = await readSystemInfo(db);
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
      ...(last ? [{ label: "Its size", value: last.sizeBytes === null ? "Not recorded" : formatBytes(last.sizeBytes) }] : []),
      { label: "Snapshots kept", value: `${system.backups.count} (${formatBytes(system.backups.totalBytes)} in all)` },
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

/** A checked switch posts its key with "on"; an unchecked one posts nothing (a plain form, no JavaScript needed). */
function flagsFromForm(form: FormData): FeatureFlagValues {
  return Object.fromEntries(FEATURE_FLAG_KEYS.map((key) => [key, form.get(key) === "on"])) as FeatureFlagValues;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") === "rotate") {
    return runStaffAction(
      ctx,
      request,
      actionPermissions.rotate,
      {
        success: ROTATION_INITIATED,
        failure: ROTATION_FAILED,
        backTo: (r: { keyId: string }) => `/admin/settings?rotated=${r.keyId}`,
        refusal: ONLY_ADMINS_ROTATE,
      },
      (actor) => rotateSigningKey(ctx.db, { actor, now: ctx.clock.now() }),
    );
  }
  if (form.get("intent") !== "flags") return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  const flags = flagsFromForm(form);
  // The spec's two refusals: a request that would flip a switch is a change; one that would not is a save.
  const current = await findFeatureFlags(ctx.db);
  const changes = current.some((f) => f.enabled !== flags[f.key]);
  return runStaffAction(
    ctx,
    request,
    actionPermissions.flags,
    {
      success: FLAGS_UPDATED,
      failure: FLAGS_SAVE_FAILED,
      backTo: "/admin/settings",
      refusal: changes ? ONLY_ADMINS_CHANGE_FLAGS : ONLY_ADMINS_SAVE_FLAGS,
    },
    (actor) => updateFeatureFlags(ctx.db, { actor, flags, allowlist: ctx.staffAllowlist }),
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { flags, secrets, checks, backups, system, signingKeys, rotationMessage } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const location = useLocation();
  const rotateOpen = new URLSearchParams(location.search).get("do") === "rotate";
  useFailureToast(actionData);
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Settings"
        description="Feature flags, secrets, the security checklist and the system's figures, read live."
      />
      {error && !rotateOpen && (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="space-y-4">
        <SettingsSection
          id="feature-flags"
          title="Feature flags"
          description="Stored in the database and in force at once in every app process. Flipping a switch changes nothing until Save."
        >
          <FeatureFlagsForm flags={flags} busy={submitting === "flags"} />
        </SettingsSection>
        <SettingsSection id="secrets" title="Secrets" description="Read from the environment at start. Reveal shows the last 4 characters only.">
          <SecretsList secrets={secrets} />
        </SettingsSection>
        <SettingsSection
          id="key-rotation"
          title="Session signing key"
          description="Signs the session cookies of every app process. Rotating it signs no one out."
        >
          <KeyRotation
            keys={signingKeys}
            message={rotationMessage}
            dialogOpen={rotateOpen}
            openTo="?do=rotate"
            closeTo={location.pathname}
            busy={submitting === "rotate"}
            error={rotateOpen ? error : undefined}
          />
        </SettingsSection>
        <SettingsSection id="security-checklist" title="Security checklist" description="Each item checked now, on this request.">
          <SecurityChecklist checks={checks} />
        </SettingsSection>
        <div className="grid gap-4 md:grid-cols-2">
          <SettingsSection id="backups" title="Backup and recovery" description="Database snapshots recorded by this deployment.">
            <FactsList facts={backups} />
          </SettingsSection>
          <SettingsSection id="system" title="System information">
            <FactsList facts={system} />
          </SettingsSection>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError message="Failed to load settings" />;
}
