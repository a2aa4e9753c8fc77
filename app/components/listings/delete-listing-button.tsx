import { useId, useRef } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button";
import { ModalDialog } from "../ui/modal-dialog";

const QUESTION = "Are you sure you want to delete this listing?";

/**
 * A listing's Delete (My Listings, the owner's listing page). With JavaScript it asks the spec's question in a styled modal <dialog> like every other
 * confirmation (the browser's own confirm() looked like a different site); Escape or Cancel closes it and focus
 * goes back to Delete. Without JavaScript the form posts without `confirmed` and the server asks on the page.
 */
export function DeleteListingButton({
  fields,
  title,
  deleting,
  hydrated,
  label = "Delete",
  className = "mt-auto pt-3",
  size = "sm",
}: {
  /** The hidden fields the page's action reads (which listing, or `intent`). */
  fields: Record<string, string>;
  title: string;
  deleting: boolean;
  hydrated: boolean;
  label?: string;
  className?: string;
  size?: "sm" | "md";
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  return (
    <Form
      ref={form}
      method="post"
      className={className}
      onSubmit={(event) => {
        // The first press opens the question; only its Delete (a submitter inside the dialog) sends the form.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (hydrated && !dialog.current?.contains(submitter ?? null)) {
          event.preventDefault();
          dialog.current?.showModal();
        }
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated && <input type="hidden" name="confirmed" value="yes" />}
      <Button type="submit" variant="outline" size={size} className="w-full text-danger" disabled={deleting}>
        {deleting ? "Deleting..." : label}
      </Button>
      {hydrated && (
        <ModalDialog ref={dialog} labelledBy={headingId} width="narrow">
          <h2 id={headingId} className="text-lg font-semibold">
            {QUESTION}
          </h2>
          <p className="mt-1 break-words text-sm text-muted">
            “{title}” is removed from SwapShed and can no longer be offered or proposed for.
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" size="sm" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button
              type="submit"
              size="sm"
              className="bg-danger hover:bg-red-800"
              onClick={() => dialog.current?.close()}
            >
              Delete
            </Button>
          </div>
        </ModalDialog>
      )}
    </Form>
  );
}
