import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { PageNotFound, pageNotFoundMeta } from "../components/layout/page-not-found";
import { logger } from "#core/shared/logger.ts";

export const meta: Route.MetaFunction = () => pageNotFoundMeta;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  logger.warn("404 page not found", { path: url.pathname });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <PageNotFound />;
}
