import { type RefObject, useEffect } from "react";

/**
 * Text typed into a controlled field before the page's JavaScript ran (it loads after the first paint, decision
 * 020): React hydrates the field without reading what is in it, and its first re-render would write the state's
 * value ("") back over the words. Once, on hydration, `take` is given what the field holds when it differs from
 * the state, as if it had just been typed. (A slow phone's early "Send" once went out empty this way.)
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  state: string,
  take: (typed: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== state) take(typed);
  }, []);
}
