import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { ActionDialog, DialogButtons } from "../action-dialog";

export type KeyView = { id: string; since: string; validUntil: string | null; legacy: boolean };

/** How long the rotation's message stays on the page (the spec's 10 seconds); without JavaScript it stays. */
export const ROTATION_MESSAGE_MS = 10_000;

function RotationMessage({ message }: { message: string }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), ROTATION_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <p role="status" className="mb-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm">
      {message}
    </p>
  );
}

/** The session-signing keys in force, the rotation's message after a rotation, and Initiate Key Rotation behind a confirmation. */
export function KeyRotation({
  keys,
  message,
  dialogOpen,
  openTo,
  closeTo,
  busy,
  error,
  readOnly,
}: {
  keys: KeyView[];
  message: string | null;
  dialogOpen: boolean;
  openTo: string;
  closeTo: string;
  busy: boolean;
  error?: string;
  /** Why this person cannot rotate (the spec's 'Only admins can initiate key rotation'); no button then. */
  readOnly?: string;
}) {
  const [current, ...previous] = keys;
  return (
    <>
      {message && <RotationMessage message={message} />}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Signing new sessions</dt>
        <dd className="break-words">
          {current.legacy ? "BETTER_AUTH_SECRET itself (never rotated)" : `Key ${current.id}, since ${current.since}`}
        </dd>
        {previous.map((key) => (
          <div key={key.id} className="contents">
            <dt className="font-medium text-muted">Still accepted</dt>
            <dd className="break-words">
              {key.legacy ? "BETTER_AUTH_SECRET itself" : `Key ${key.id}`}, until {key.validUntil}
            </dd>
          </div>
        ))}
      </dl>
      {readOnly ? (
        <p className="mt-3 rounded-md border border-line bg-surface px-3 py-2 text-sm text-muted">{readOnly}</p>
      ) : (
        <div className="mt-3 flex justify-end">
          <Link
            to={openTo}
            preventScrollReset
            className="inline-flex h-10 items-center rounded-md border border-line bg-white px-4 text-sm font-semibold hover:bg-surface"
          >
            Initiate Key Rotation
          </Link>
        </div>
      )}
      {dialogOpen && (
        <ActionDialog
          title="Initiate Key Rotation"
          closeTo={closeTo}
          description="A new key signs every session cookie from now on, in every app process. Cookies signed with the current key stay valid until they expire (at most 30 days), so no one is signed out; keys retired longer ago stop being accepted."
        >
          <Form method="post" replace preventScrollReset>
            <input type="hidden" name="intent" value="rotate" />
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <DialogButtons confirm="Rotate the key" closeTo={closeTo} busy={busy} />
          </Form>
        </ActionDialog>
      )}
    </>
  );
}
