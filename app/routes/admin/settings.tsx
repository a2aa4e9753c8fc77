import { data, useLocation, useNavigation } from "react-router";
import { findFeatureFlags } from "#core/flags/find-feature-flags.ts";
import { type FeatureFlagValues, updateFeatureFlags } from "#core/settings/update-feature-flags.ts";
import { rotateSigningKey } from "#core/session-keys/rotate-signing-key.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { FEATURE_FLAG_KEYS } from "#db/schema/flags.ts";
import { PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FactsList } from "#app/components/admin/settings/facts-list.tsx";
import { FeatureFlagsForm } from "#app/components/admin/settings/feature-flags-form.tsx";
import { KeyRotation } from "#app/components/admin/settings/key-rotation.tsx";
import { SecretsList } from "#app/components/admin/settings/secrets-list.tsx";
import { SecurityChecklist } from "#app/components/admin/settings/security-checklist.tsx";
import { SettingsSection } from "#app/components/admin/settings/section.tsx";
import { useFailureToast } from "#app/components/admin/use-failure-toast.ts";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { readSettingsPage } from "#app/lib/settings-page.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import type { Route } from "./+types/settings";

/** What it takes to open this page: the permission table's entry (staff read it; admins change it, decision 070). */
export const permission: StaffAction = "view_settings";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { flags: "update_feature_flags", rotate: "rotate_keys" } as const satisfies Record<
  string,
  StaffAction
>;

export const FLAGS_UPDATED = "Feature flags updated";
/** A Save with every switch as it was: nothing is written (no audit row either), and the admin is told so. */
export const FLAGS_UNCHANGED = "No changes to save: the feature flags were already set like this";
export const FLAGS_SAVE_FAILED = "Failed to save feature flags";
export const ONLY_ADMINS_CHANGE_FLAGS = "Only admins can change feature flags";
export const ONLY_ADMINS_SAVE_FLAGS = "Only admins can save feature flags";
export const ROTATION_INITIATED = "Key rotation initiated";
export const ROTATION_FAILED = "Failed to initiate key rotation";
export const ONLY_ADMINS_ROTATE = "Only admins can initiate key rotation";

export const handle = { breadcrumb: "Settings" };
export const meta: Route.MetaFunction = () => [{ title: "Settings | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const page = await readSettingsPage(ctx, request);
  const mayChangeFlags = can(staff.roles, actionPermissions.flags);
  return {
    ...page,
    // Reading is open to staff; the secrets' last characters only to those who may change settings.
    secrets: mayChangeFlags ? page.secrets : page.secrets.map((secret) => ({ ...secret, lastFour: null })),
    mayChangeFlags,
    mayRotate: can(staff.roles, actionPermissions.rotate),
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
      success: (r: { changed: unknown[] }) => (r.changed.length ? FLAGS_UPDATED : FLAGS_UNCHANGED),
      failure: FLAGS_SAVE_FAILED,
      backTo: "/admin/settings",
      refusal: changes ? ONLY_ADMINS_CHANGE_FLAGS : ONLY_ADMINS_SAVE_FLAGS,
    },
    (actor) => updateFeatureFlags(ctx.db, { actor, flags, allowlist: ctx.staffAllowlist }),
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { flags, secrets, checks, backups, system, signingKeys, rotationMessage, mayChangeFlags, mayRotate } =
    loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const location = useLocation();
  const rotateOpen = new URLSearchParams(location.search).get("do") === "rotate";
  useFailureToast(actionData);
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  // The page's cards top to bottom; the last two (figures read from the deployment) side by side.
  const sections = [
    {
      id: "feature-flags",
      title: "Feature flags",
      description:
        "Stored in the database and in force at once in every app process. Flipping a switch changes nothing until Save.",
      children: (
        <FeatureFlagsForm
          flags={flags}
          busy={submitting === "flags"}
          readOnly={mayChangeFlags ? undefined : ONLY_ADMINS_CHANGE_FLAGS}
        />
      ),
    },
    {
      id: "secrets",
      title: "Secrets",
      description: "Read from the environment at start. Reveal shows the last 4 characters only.",
      children: <SecretsList secrets={secrets} />,
    },
    {
      id: "key-rotation",
      title: "Session signing key",
      description: "Signs the session cookies of every app process. Rotating it signs no one out.",
      children: (
        <KeyRotation
          keys={signingKeys}
          message={rotationMessage}
          dialogOpen={rotateOpen && mayRotate}
          readOnly={mayRotate ? undefined : ONLY_ADMINS_ROTATE}
          openTo="?do=rotate"
          closeTo={location.pathname}
          busy={submitting === "rotate"}
          error={rotateOpen ? error : undefined}
        />
      ),
    },
    {
      id: "security-checklist",
      title: "Security checklist",
      description: "Each item checked now, on this request.",
      children: <SecurityChecklist checks={checks} />,
    },
  ];
  const figures = [
    {
      id: "backups",
      title: "Backup and recovery",
      description: "Database snapshots recorded by this deployment.",
      children: <FactsList facts={backups} />,
    },
    { id: "system", title: "System information", children: <FactsList facts={system} /> },
  ];

  return (
    <div>
      <PageHeader
        title="Settings"
        description="Feature flags, secrets, the security checklist and the system's figures, read live."
      />
      {error && !rotateOpen && <PageAlert spacing="mb-3">{error}</PageAlert>}
      <div className="space-y-4">
        {sections.map((section) => (
          <SettingsSection key={section.id} {...section} />
        ))}
        <div className="grid gap-4 md:grid-cols-2">
          {figures.map((section) => (
            <SettingsSection key={section.id} {...section} />
          ))}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to load settings" });
