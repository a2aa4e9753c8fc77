import { useContext, useMemo } from "react";
import { Meta, type MetaDescriptor, UNSAFE_FrameworkContext as FrameworkContext } from "react-router";
import { unreadLabel } from "./notification-bell";

type RouteModules = NonNullable<React.ContextType<typeof FrameworkContext>>["routeModules"];

function prefixTitle(descriptors: MetaDescriptor[] | undefined, prefix: string) {
  return descriptors?.map((d) => (d && "title" in d ? { ...d, title: `${prefix}${String(d.title)}` } : d));
}

/** The route modules as <Meta> reads them, each page's title with the prefix in front. */
function withTitlePrefix(modules: RouteModules, prefix: string): RouteModules {
  return new Proxy(modules, {
    get(target, id) {
      const module = Reflect.get(target, id) as RouteModules[string];
      const meta = module?.meta;
      if (!module || !meta) return module;
      return {
        ...module,
        meta:
          typeof meta === "function"
            ? (args: Parameters<typeof meta>[0]) => prefixTitle(meta(args), prefix)
            : prefixTitle(meta, prefix),
      };
    },
  });
}

/**
 * React Router's <Meta>, with "(3) " in front of every page's title while the member has unread notices (the tab
 * shows "(3) My Swaps | SwapShed"). Each page's meta function names its own title and the deepest one wins, so
 * the count cannot come from the root's meta: it is added here, where <Meta> reads the pages' meta functions, for
 * every page at once, in the server's HTML as in the browser (so it works without JavaScript and hydrates as
 * drawn). It leans on React Router's framework context (UNSAFE_FrameworkContext); tests/e2e/notifications.spec.ts
 * pins the result.
 */
export function MetaWithUnreadCount({ unread }: { unread: number }) {
  const framework = useContext(FrameworkContext);
  const counted = useMemo(
    () =>
      framework && unread > 0
        ? { ...framework, routeModules: withTitlePrefix(framework.routeModules, `(${unreadLabel(unread)}) `) }
        : framework,
    [framework, unread],
  );
  return (
    <FrameworkContext.Provider value={counted}>
      <Meta />
    </FrameworkContext.Provider>
  );
}
