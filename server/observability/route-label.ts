// A request's path as a metrics label. Labels must stay few (every distinct value is a time series kept
// forever), so ids, numbers and anything odd collapse to placeholders and unknown paths to one value.
import { isUuid } from "#core/shared/ids.ts";

const WORD = /^[a-z_][a-z0-9._-]{0,39}$/i;
const MAX_SEGMENTS = 5;

export function routeLabel(path: string, status: number): string {
  if (status === 404) return "(unmatched)";
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
  // React Router's data requests end in .data: keep that apart from the page itself.
  const data = path.endsWith(".data");
  const segments = (data ? path.slice(0, -".data".length) : path).split("/").filter(Boolean);
  const labelled = segments.slice(0, MAX_SEGMENTS).map((segment): string => {
    if (isUuid(segment)) return ":id";
    if (/^\d+$/.test(segment)) return ":n";
    return WORD.test(segment) ? segment : ":x";
  });
  if (segments.length > MAX_SEGMENTS) labelled.push("…");
  return `/${labelled.join("/")}${data ? ".data" : ""}`;
}
