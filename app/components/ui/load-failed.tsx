import { Link, useLocation } from "react-router";

/**
 * A page whose data could not be read says so where the data would be (decision 048), with the spec's text:
 * not as a toast that leaves in 4 s over an empty state that would claim there is nothing to show.
 */
export function LoadFailed({ message, className = "" }: { message: string; className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <div role="alert" className={`rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center ${className}`}>
      <p className="font-semibold text-danger">{message}</p>
      <p className="mt-1 text-sm text-ink">
        Please try again in a moment.{" "}
        <Link
          to={`${pathname}${search}`}
          reloadDocument
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Reload this page
        </Link>
      </p>
    </div>
  );
}
