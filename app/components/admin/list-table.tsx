import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyList, ListSummary, listBoxProps } from "./list-state";
import { Pager } from "./page-header";

/** A column's heading: its name, or a name only a screen reader hears (a checkbox column) with its own classes. */
export type ColumnHead = string | { label: string; srOnly: true; className: string };

/** A back-office table's heading row, one `th` a column. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted">
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col" className="px-3 py-2 font-semibold">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={column.className}>
              <span className="sr-only">{column.label}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A back-office list's rows: a table from `sm` up (scrolling sideways inside its box when narrower than
 * `minWidth`, a literal `sm:min-w-[...]` class), stacked into cards below it (`stacked-table`, the cells' data-label).
 * `positioned` makes the box the containing block for what its cells place absolutely.
 */
export function ListTable({
  caption,
  columns,
  minWidth,
  positioned = false,
  children,
}: {
  caption: string;
  columns: readonly ColumnHead[];
  minWidth: string;
  positioned?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${positioned ? "relative " : ""}rounded-lg border border-line bg-white sm:overflow-x-auto`}>
      <table className={`stacked-table w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={columns} />
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A cell naming a member, linked to their back-office page. */
export function MemberCell({
  label,
  id,
  name,
  className = "px-3 py-2",
}: {
  label: string;
  id: string;
  name: string;
  className?: string;
}) {
  return (
    <td data-label={label} className={className}>
      <Link to={`/admin/users/${id}`} className="hover:underline">
        {name}
      </Link>
    </td>
  );
}

/**
 * A filtered list's whole body: how many match (or what is loading), its rows in a ListTable or what an empty list
 * says, and the pager. `texts` word it for what the list holds.
 */
export function FilteredList({
  loading,
  total,
  rows,
  filtered,
  texts,
  table,
  pager,
  children,
}: {
  loading: boolean;
  total: number;
  rows: number;
  filtered: boolean;
  texts: { loading: string; one: string; many: string; none: string; noMatch: string };
  table: { caption: string; columns: readonly ColumnHead[]; minWidth: string };
  pager: { nextHref: string | null; firstHref: string; showingFirst: boolean };
  children: ReactNode;
}) {
  return (
    <>
      <ListSummary loading={loading} loadingText={texts.loading} total={total} one={texts.one} many={texts.many} />
      {rows === 0 ? (
        <EmptyList filtered={filtered} none={texts.none} noMatch={texts.noMatch} />
      ) : (
        <div {...listBoxProps(loading)}>
          <ListTable {...table}>{children}</ListTable>
        </div>
      )}
      <Pager {...pager} />
    </>
  );
}
