import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { inputClass } from "#app/components/forms/field.tsx";
import { FormError } from "#app/components/forms/form-error.tsx";
import { useTypedBeforeHydration } from "#app/components/forms/use-typed-before-hydration.ts";
import { Button } from "#app/components/ui/button.tsx";
import { CONTACT_DETAILS_NOTE, findContactDetails } from "#core/conversations/contact-details.ts";
import { MESSAGE_PICTURES_HINT, TOO_MANY_MESSAGE_PICTURES } from "#core/conversations/message-rules.ts";
import { checkChosenPicture } from "#core/listings/check-chosen-picture.ts";
import { MAX_CONVERSATION_MESSAGE_LENGTH, MAX_MESSAGE_PICTURES } from "#db/schema/conversations.ts";

const limit = MAX_CONVERSATION_MESSAGE_LENGTH.toLocaleString("en-AU");

/**
 * Writing in a thread: a box of up to 2,000 characters with a counter, and Send. A form that posts, so it works
 * before and without JavaScript; with it, the sender is told before sending when the words hold contact details
 * that the other member will see hidden (the rule is browser-safe; the server applies the same one). Up to 4
 * pictures go with the words (or instead of them) through a native file input, so they post without JavaScript
 * too; with it, each chosen picture shows as a small preview and too many, or one that is not a JPEG, PNG, WebP
 * or GIF by its bytes or is 5MB or more, is refused by name before anything is uploaded (decision 087).
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
  const box = useRef<HTMLTextAreaElement>(null);
  // Words typed before the page's JavaScript ran stay, and go out with Send.
  useTypedBeforeHydration(box, text, setText);
  const id = useId();
  const busy = useNavigation().formData?.get("intent") === "send";
  // Code points, as the server and PostgreSQL count them.
  const length = [...text].length;
  const over = length > MAX_CONVERSATION_MESSAGE_LENGTH;
  const warn = !unlocked && findContactDetails(text).length > 0;
  const pictures = usePictureChoice();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
      onSubmit={(event) => {
        // A refused choice is said beside the picker: nothing is uploaded until it is fixed.
        if (pictures.error) {
          event.preventDefault();
          pictures.input.current?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="send" />
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-ink">
        Message to {otherName}
      </label>
      <textarea
        ref={box}
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
      <PicturePicker choice={pictures} id={`${id}-pictures`} />
      <FormError message={error} className="mt-3" />
      <div className="mt-3 flex justify-end">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? "Sending..." : "Send"}
        </Button>
      </div>
    </Form>
  );
}

type Preview = { url: string; name: string };

/** The pictures chosen for the next message, checked the moment they are picked (with JavaScript). */
function usePictureChoice() {
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<Preview[]>([]);
  const show = (next: Preview[]) => {
    for (const preview of shown.current) URL.revokeObjectURL(preview.url);
    shown.current = next;
    setPreviews(next);
  };
  // The previews' object URLs go with the form (after a send, the form is drawn anew).
  useEffect(
    () => () => {
      for (const preview of shown.current) URL.revokeObjectURL(preview.url);
    },
    [],
  );
  async function choose(files: File[]) {
    const refusals: string[] = [];
    if (files.length > MAX_MESSAGE_PICTURES) refusals.push(TOO_MANY_MESSAGE_PICTURES);
    for (const file of files) {
      const refusal = await checkChosenPicture(file);
      if (refusal) refusals.push(refusal);
    }
    show(files.slice(0, MAX_MESSAGE_PICTURES).map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
    setError(refusals.length > 0 ? refusals.join("\n") : null);
  }
  function clear() {
    if (input.current) input.current.value = "";
    show([]);
    setError(null);
    input.current?.focus();
  }
  return { input, previews, error, choose, clear };
}

function PicturePicker({ choice, id }: { choice: ReturnType<typeof usePictureChoice>; id: string }) {
  const { input, previews, error, choose, clear } = choice;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Pictures <span className="font-normal text-muted">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
        {MESSAGE_PICTURES_HINT}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        name="pictures"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void choose(Array.from(event.target.files ?? []))}
        className="mt-1 block w-full text-sm text-muted file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:font-semibold file:text-ink"
      />
      {previews.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <ul className="flex flex-wrap gap-2" aria-label="Pictures to send">
            {previews.map((preview, i) => (
              <li key={preview.url}>
                <img
                  src={preview.url}
                  alt={`${i + 1} of ${previews.length} to send: ${preview.name}`}
                  width={64}
                  height={64}
                  className="size-16 rounded-lg border border-line object-cover"
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={clear}
            className="min-h-11 px-2 text-sm font-semibold text-brand-700 underline"
          >
            Remove pictures
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm whitespace-pre-line text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
