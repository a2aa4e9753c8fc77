import { data, useNavigation } from "react-router";
import { findFeatureFlags } from "../../../core/flags/find-feature-flags";
import { type FeatureFlagValues, updateFeatureFlags } from "../../../core/flags/update-feature-flags";
import type { StaffAction } from "../../../core/staff/permissions";
import { FEATURE_FLAG_KEYS } from "../../../db/schema/flags";
import { LoadError } from "../../components/admin/load-error";
import { PageHeader } from "../../components/admin/page-header";
import { FeatureFlagsForm } from "../../components/admin/settings/feature-flags-form";
import { SettingsSection } from "../../components/admin/settings/section";
import { useFailureToast } from "../../components/admin/use-failure-toast";
import { appContext } from "../../context";
import { requireStaff } from "../../lib/require-staff.server";
import { runStaffAction } from "../../lib/staff-action.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import type { Route } from "./+types/settings";

/** What it takes to open this page: the permission table's entry (admins only). */
export const permission: StaffAction = "view_settings";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { flags: "update_feature_flags" } as const satisfies Record<string, StaffAction>;

export const FLAGS_UPDATED = "Feature flags updated";
export const FLAGS_SAVE_FAILED = "Failed to save feature flags";
export const ONLY_ADMINS_CHANGE_FLAGS = "Only admins can change feature flags";
export const ONLY_ADMINS_SAVE_FLAGS = "Only admins can save feature flags";

export const handle = { breadcrumb: "Settings" };
export const meta: Route.MetaFunction = () => [
  { title: "Settings | SwapShed back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const flags = await findFeatureFlags(ctx.db);
  return {
    flags: flags.map((f) => ({
      key: f.key,
      enabled: f.enabled,
      updatedAt: f.updatedAt ? sydneyDateTime(f.updatedAt) : null,
    })),
  };
}

/** A checked switch posts its key with "on"; an unchecked one posts nothing (a plain form, no JavaScript needed). */
function flagsFromForm(form: FormData): FeatureFlagValues {
  return Object.fromEntries(FEATURE_FLAG_KEYS.map((key) => [key, form.get(key) === "on"])) as FeatureFlagValues;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
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
  const { flags } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "flags";
  useFailureToast(actionData);
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Settings"
        description="Feature flags, secrets, the security checklist and the system's figures, read live."
      />
      {error && (
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
          <FeatureFlagsForm flags={flags} busy={busy} />
        </SettingsSection>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError message="Failed to load settings" />;
}
