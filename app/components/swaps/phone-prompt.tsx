import { Link } from "react-router";

/**
 * Before paying, a member without a phone is asked for one (optional): the partner pays to reach them, and an
 * e-mail address alone is a thin contact. Left empty, Pay goes ahead; typed, it is checked and saved first (N17).
 * `sharedWith` names who would see it: the other party of a swap, the two partners of a swap circle.
 */
export function PhonePrompt({ inputId: id, sharedWith }: { inputId: string; sharedWith: string }) {
  return (
    <div className="mb-3 rounded-lg border border-line bg-white p-3">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Add a phone number (optional)
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
        You have no phone on your profile, so only your e-mail address will be shared with {sharedWith}. Add one so they
        can call or text you, or leave it empty to pay without. Better still,{" "}
        <Link to="/account#phone-heading" className="font-semibold text-brand-800 underline">
          confirm your phone
        </Link>{" "}
        by text message first: then they see it is yours.
      </p>
      <input
        id={id}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        aria-describedby={`${id}-hint`}
        className="mt-2 block h-10 w-full max-w-xs rounded-lg border border-line bg-white px-3 text-ink outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
