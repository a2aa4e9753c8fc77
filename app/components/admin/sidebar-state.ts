/** The sidebar's state, remembered in a cookie for 7 days (the spec); readable by the page's script. */
export const SIDEBAR_COOKIE = "admin_sidebar";
export const SIDEBAR_MAX_AGE = 7 * 24 * 60 * 60;
export type SidebarState = "expanded" | "collapsed";

export function readSidebarState(cookieHeader: string | null): SidebarState {
  return /(?:^|;\s*)admin_sidebar=collapsed(?:;|$)/.test(cookieHeader ?? "") ? "collapsed" : "expanded";
}

export function sidebarCookie(state: SidebarState, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${state}; Path=/admin; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
