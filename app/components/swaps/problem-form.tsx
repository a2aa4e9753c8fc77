import { Form, useNavigation } from "react-router";
import { describedBy, Field, inputClass } from "../forms/field";
import { FormError, formLevelError } from "../forms/form-error";
import { Button } from "../ui/button";

type Answer = { error: string; fields: Record<string, string>; kind?: string; details?: string };

/**
 * "Report a problem" (decision 097): what went wrong, what happened, up to 4 pictures. A plain multipart post: it
 * works before the page's scripts load (decision 064).
 */
export function ProblemForm({
  kinds,
  answer,
  seenBy = "the other member",
}: {
  kinds: { value: string; label: string }[];
  answer?: Answer;
  /** Who besides the reporter and staff may see the pictures: a swap's other member, or a circle's members. */
  seenBy?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fields = answer?.fields ?? {};
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5">
      <FormError message={formLevelError(answer?.error, answer?.fields)} />
      <fieldset aria-describedby={fields.kind ? "kind-error" : undefined}>
        <legend className="text-sm font-medium text-ink">What went wrong?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {kinds.map((kind) => (
            <label
              key={kind.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="kind"
                value={kind.value}
                required
                defaultChecked={answer?.kind === kind.value}
                className="size-4 accent-brand-700"
              />
              <span>{kind.label}</span>
            </label>
          ))}
        </div>
        {fields.kind && (
          <p id="kind-error" className="mt-1 text-sm text-danger">
            {fields.kind}
          </p>
        )}
      </fieldset>
      <Field
        id="details"
        label="What happened?"
        error={fields.details}
        hint="Tell us what happened, when and where. Our team reads every report. Up to 2000 characters."
      >
        <textarea
          id="details"
          name="details"
          required
          maxLength={2000}
          rows={6}
          defaultValue={answer?.details ?? ""}
          className={`${inputClass(fields.details)} py-2`}
          {...describedBy("details", fields.details, "Tell us what happened.")}
        />
      </Field>
      <Field
        id="pictures"
        label="Pictures (optional)"
        error={fields.pictures}
        hint={`Up to 4 pictures (JPEG, PNG, WebP or GIF). Only you, ${seenBy} and our team can see them.`}
      >
        <input
          id="pictures"
          name="pictures"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:font-semibold"
          {...describedBy("pictures", fields.pictures, "Up to 4 pictures.")}
        />
      </Field>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Sending..." : "Report problem"}
      </Button>
    </Form>
  );
}
