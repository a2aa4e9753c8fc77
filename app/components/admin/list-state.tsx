import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { formatCount } from "#app/lib/sydney-format.ts";

/** Parameters that open a dialog over a list without changing which rows it shows. */
const DIALOG_PARAMS = ["do", "ids", "report", "tab"];

function listQuery(search: string) {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
}

/**
 * True while this list loads other rows (a filter or a page changed), not while a dialog over it opens or closes,
 * so the rows stay in place under a dialog.
 */
export function useListLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    listQuery(navigation.location.search) !== listQuery(location.search)
  );
}

/** Whether any filter is set (the cursor is paging, not a filter). */
export function hasFilters(filters: Record<string, unknown>) {
  return Object.entries(filters).some(
    ([name, value]) => name !== "cursor" && value !== undefined && value !== null && value !== "",
  );
}

/**
 * The line above a list: how many rows match the filters in all (not just on this page), or, while other rows
 * load, what is loading. A live region, so a screen reader hears the new count after a filter changes.
 */
export function ListSummary({
  loading,
  loadingText,
  total,
  one,
  many,
  children,
}: {
  loading: boolean;
  loadingText: string;
  total: number;
  one: string;
  many: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-2 flex min-h-8 flex-wrap items-center justify-between gap-2">
      <p role="status" className="text-sm text-muted">
        {loading ? loadingText : `${formatCount(total)} ${total === 1 ? one : many}`}
      </p>
      {children}
    </div>
  );
}

/** An empty list says what is empty: nothing at all yet, or nothing that matches the filters that are set. */
export function EmptyList({ filtered, none, noMatch }: { filtered: boolean; none: string; noMatch: string }) {
  return (
    <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
      {filtered ? noMatch : none}
    </p>
  );
}

/** The rows' box: dimmed and marked busy while other rows load (the old rows stay until the new ones arrive). */
export function listBoxProps(loading: boolean) {
  return {
    "aria-busy": loading || undefined,
    className: loading ? "opacity-60 transition-opacity" : undefined,
  } as const;
}
