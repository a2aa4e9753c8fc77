import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ButtonLink } from "../components/ui/button";
import { logger } from "../../core/shared/logger";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | SwapShed" }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  logger.warn("404 page not found", { path: url.pathname });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-20">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <p className="mt-2 text-muted">The page you were looking for has moved, or never existed.</p>
        <ButtonLink to="/" className="mt-8">Return to Home</ButtonLink>
      </div>
    </main>
  );
}
