import type { ReactNode } from "react";
import { Link } from "react-router";
import { Container } from "../ui/container";

/** A link in the sign-in pages' own words ("Back to sign in"), big enough to tap. */
export const authLinkClass = "inline-block py-1 font-semibold text-brand-700 underline-offset-2 hover:underline";

/** The one card every page on the way in is drawn on (a code, a new password, the second step …): icon, title, body. */
export function AuthCard({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          {icon}
          <h1 className={`${icon ? "mt-3 " : ""}text-2xl font-bold tracking-tight`}>{title}</h1>
          {children}
        </div>
      </Container>
    </main>
  );
}

/** The way out at the foot of the card (back to Sign In, the other kind of code). */
export function AuthCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={to} className={authLinkClass}>
        {children}
      </Link>
    </p>
  );
}
