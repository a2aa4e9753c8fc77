import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";

type Page<Card> = { listings: Card[]; nextPage: string | null };
type Loaded<Card> = { cards: Card[]; next: string | null };
type State<Card> = Loaded<Card> & { entry: string };

/** Past this many loaded cards they are not kept for Back (sessionStorage is small and shared by the site). */
const MAX_KEPT = 480;
const storageKey = (entry: string) => `search-more:${entry}`;

/**
 * The search page's "Load more": the next page is appended in place (a fetcher), focus moves to the first card
 * it brought (keyboard and screen reader users carry on from there, not from the top or a vanished button),
 * and the cards loaded so far are kept per history entry, so that Back from a listing shows the same list
 * and the browser's scroll restoration lands where the member was. Without JavaScript the button is a link
 * to the next page instead.
 */
export function useLoadMore<Card>(firstPageCount: number) {
  const fetcher = useFetcher<Page<Card>>();
  const entry = useLocation().key;
  const [state, setState] = useState<State<Card>>(() => ({ entry, ...restore<Card>(entry) }));
  // A new history entry (a new search, Back or Forward to another one) starts from what that entry had
  // loaded. Set during render, not in an effect: the cards are there in the same commit in which the
  // scroll position is restored.
  if (state.entry !== entry) setState({ entry, ...restore<Card>(entry) });

  const focusFrom = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Runs once per page the fetcher brings back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the fetcher's answer on purpose
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const loaded = {
      entry: state.entry,
      cards: [...state.cards, ...fetcher.data.listings],
      next: fetcher.data.nextPage,
    };
    focusFrom.current = firstPageCount + state.cards.length;
    save(loaded);
    setState(loaded);
  }, [fetcher.state, fetcher.data]);

  // After the new cards are on screen: focus the title link of the first of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when cards were added
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null) return;
    focusFrom.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>("h3 a, a")?.focus();
  }, [state.cards.length]);

  return {
    extraCards: state.cards,
    /** The next page after what is shown, once a page was loaded here; until then the page's own. */
    next: state.cards.length ? state.next : undefined,
    loading: fetcher.state === "loading",
    load: (href: string) => fetcher.load(href),
    listRef,
  };
}

/** What this history entry had loaded, read only once the app runs (the server's HTML has the first page only,
 *  and hydration must render the same). */
function restore<Card>(entry: string): Loaded<Card> {
  const empty = { cards: [], next: null };
  if (typeof document === "undefined" || !("hydrated" in document.documentElement.dataset)) return empty;
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(entry)) ?? "null") as Loaded<Card> | null;
    return kept && Array.isArray(kept.cards) ? kept : empty;
  } catch {
    return empty;
  }
}

function save<Card>({ entry, cards, next }: State<Card>) {
  try {
    if (cards.length <= MAX_KEPT) sessionStorage.setItem(storageKey(entry), JSON.stringify({ cards, next }));
  } catch {
    // Storage full or refused: Back shows the first page, as it did before.
  }
}
