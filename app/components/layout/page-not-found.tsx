import { ButtonLink } from "../ui/button";

/** The site's 404 inside its header and footer: the catch-all page and every page whose thing is not found. */
export function PageNotFound() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-20">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <p className="mt-2 text-muted">The page you were looking for has moved, or never existed.</p>
        <ButtonLink to="/" className="mt-8">
          Return to Home
        </ButtonLink>
      </div>
    </main>
  );
}
