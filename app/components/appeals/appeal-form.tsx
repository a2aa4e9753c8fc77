import { Form, useNavigation } from "react-router";
import { describedBy, Field, inputClass } from "../forms/field";
import { FormError, formLevelError } from "../forms/form-error";
import { Button } from "../ui/button";

/** The statement an appeal is (at most 2000 characters), posted with whatever else identifies the decision. */
export function AppealForm({
  action,
  hidden,
  answer,
}: {
  action?: string;
  hidden: Record<string, string>;
  answer?: { error: string; fields: Record<string, string>; statement?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = answer?.fields.statement;
  return (
    <Form method="post" action={action} className="mt-6 space-y-4">
      <FormError message={formLevelError(answer?.error, answer?.fields)} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field
        id="statement"
        label="Why should we look at this again?"
        error={error}
        hint="Tell us what we may have missed. Up to 2000 characters. You can appeal once."
      >
        <textarea
          id="statement"
          name="statement"
          required
          maxLength={2000}
          rows={7}
          defaultValue={answer?.statement ?? ""}
          className={`${inputClass(error)} py-2`}
          {...describedBy("statement", error, "Tell us what we may have missed.")}
        />
      </Field>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Sending..." : "Send appeal"}
      </Button>
    </Form>
  );
}

/** Where an appeal stands, as its member sees it. */
export function AppealStatus({ status, reason }: { status: "pending" | "upheld" | "reversed"; reason: string | null }) {
  return (
    <div role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm">
      {status === "pending" ? (
        <>
          <p className="font-semibold text-brand-800">Appeal sent: under review</p>
          <p className="mt-1 text-ink">
            Someone who wasn't involved in the decision will look at it. We'll e-mail you with the outcome.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold text-brand-800">
            {status === "reversed"
              ? "Appeal successful: the decision was reversed"
              : "Appeal reviewed: the decision stands"}
          </p>
          {reason && <p className="mt-1 text-ink">{reason}</p>}
        </>
      )}
    </div>
  );
}
