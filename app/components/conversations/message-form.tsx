import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "#app/components/forms/form-error.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CONTACT_DETAILS_NOTE, findContactDetails } from "#core/conversations/contact-details.ts";
import { MAX_CONVERSATION_MESSAGE_LENGTH } from "#db/schema/conversations.ts";

const limit = MAX_CONVERSATION_MESSAGE_LENGTH.toLocaleString("en-AU");

/**
 * Writing in a thread: a box of up to 2,000 characters with a counter, and Send. A form that posts, so it works
 * before and without JavaScript; with it, the sender is told before sending when the words hold contact details
 * that the other member will see hidden (the rule is browser-safe; the server applies the same one).
 */
export function MessageForm({
  error,
  body,
  otherName,
  unlocked,
}: {
  error: string | null;
  body: string;
  otherName: string;
  unlocked: boolean;
}) {
  const [text, setText] = useState(body);
  const id = useId();
  const busy = useNavigation().formData?.get("intent") === "send";
  // Code points, as the server and PostgreSQL count them.
  const length = [...text].length;
  const over = length > MAX_CONVERSATION_MESSAGE_LENGTH;
  const warn = !unlocked && findContactDetails(text).length > 0;
  return (
    <Form method="post" className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
      <input type="hidden" name="intent" value="send" />
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-ink">
        Message to {otherName}
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count ${id}-note`}
        aria-invalid={over || Boolean(error) || undefined}
        className={`${inputClass(over ? "over" : (error ?? undefined))} resize-y py-2`}
      />
      <div className="mt-1 flex items-start justify-between gap-3 text-xs">
        <p id={`${id}-note`} className="min-w-0 text-muted">
          {warn
            ? `It looks like this has contact details. ${otherName} will see them hidden: ${CONTACT_DETAILS_NOTE}`
            : ""}
        </p>
        <p id={`${id}-count`} className={`shrink-0 tabular-nums ${over ? "font-semibold text-danger" : "text-muted"}`}>
          {length.toLocaleString("en-AU")} / {limit}
        </p>
      </div>
      <FormError message={error} className="mt-3" />
      <div className="mt-3 flex justify-end">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? "Sending..." : "Send"}
        </Button>
      </div>
    </Form>
  );
}
