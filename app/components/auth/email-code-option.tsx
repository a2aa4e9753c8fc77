import { Link } from "react-router";
import { buttonClass } from "../ui/button";
import { Mail } from "../ui/icons";

/** Signing in with a code e-mailed to the account's address (/auth/code): works in every browser. */
export function EmailCodeOption({ redirectTo }: { redirectTo: string }) {
  return (
    <Link
      to={`/auth/code${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`}
      className={buttonClass({ variant: "outline" }, "w-full")}
    >
      <Mail className="size-4" aria-hidden="true" />
      Email me a sign-in code
    </Link>
  );
}
