import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { focusFirstError } from "../../lib/focus-first-error";
import type { Route } from "./+types/profile";
import { appContext } from "../../context";
import { describedBy, Field, inputClass } from "../../components/forms/field";
import { FormError, formLevelError } from "../../components/forms/form-error";
import { LocationCombobox } from "../../components/forms/location-combobox";
import { Button } from "../../components/ui/button";
import { flashHeader } from "../../lib/flash.server";
import { requireUser } from "../../lib/require-user.server";
import { creditBalance } from "../../../core/payments/credit-balance";
import { getContactDetails } from "../../../core/users/get-contact-details";
import { updateContactDetails } from "../../../core/users/update-contact-details";

export const meta: Route.MetaFunction = () => [
  { title: "My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  return { details: await getContactDetails(ctx.db, user.id), creditCents: await creditBalance(ctx.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const result = await updateContactDetails(ctx.db, {
    userId: user.id,
    phone: text("phone"),
    location: text("location"),
    picked: { suburb: text("locationSuburb"), state: text("locationState"), postcode: text("locationPostcode") },
  });
  if (!result.ok) return data({ error: result.message, fields: result.fields }, { status: 400 });
  return redirect("/account", {
    headers: {
      "Set-Cookie": await flashHeader(
        { type: "success", message: "Your details have been saved" },
        ctx.env.NODE_ENV === "production",
      ),
    },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { details, creditCents } = loaderData;
  const navigation = useNavigation();
  const errors = actionData?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // Errors once, in the form (decision 048), and focus on the first thing to fix.
  useEffect(() => {
    if (actionData?.error) focusFirstError(formRef.current);
  }, [actionData]);
  return (
    <section aria-labelledby="profile-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <p className="mt-1 text-sm text-muted">
        {details?.name} · {details?.email}
      </p>
      {creditCents > 0 && (
        <p className="mt-4 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
          Account credit: <strong>${(creditCents / 100).toFixed(2)}</strong>. It pays your next handshake fee first.
        </p>
      )}
      <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">
        Your phone number and suburb are shared only with a swap partner, and only after you have both paid the $9.99
        handshake fee. Your suburb also sets where distances are measured from.
      </p>
      <Form ref={formRef} method="post" className="mt-6 space-y-5" noValidate>
        <FormError message={formLevelError(actionData?.error, actionData?.fields)} />
        <Field
          id="phone"
          label="Phone (optional)"
          error={errors.phone}
          hint="For example 0412 345 678 or +61 412 345 678"
        >
          <input
            id="phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={details?.phone ?? ""}
            className={`${inputClass(errors.phone)} h-11`}
            {...describedBy("phone", errors.phone, "hint")}
          />
        </Field>
        <LocationCombobox
          id="location"
          name="location"
          label="Suburb"
          placeholder="Start typing a suburb or postcode"
          defaultValue={details?.location ?? undefined}
          error={errors.location}
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Save details
        </Button>
      </Form>
    </section>
  );
}
