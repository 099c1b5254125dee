/**
 * What a studio banner's link is (the general settings' `banners[].link`): none (the banner is not
 * clickable), a path of this app, opened by the router, or an http(s) address, opened in a new tab.
 * Anything else is `invalid`: the settings form says so, and the archive shows the banner unlinked.
 */
export type BannerLinkKind = 'none' | 'app' | 'web' | 'invalid';

/** The longest link the server keeps. */
export const BANNER_LINK_MAX = 300;

const webPattern = /^https?:\/\/[^\s/?#\\]+[^\s]*$/i;

export function bannerLinkKind(link: string): BannerLinkKind {
  const trimmed = link.trim();
  if (!trimmed) return 'none';
  if (trimmed.startsWith('/')) {
    // "//host" and "/\host" lead to another site: the browser reads both as a host, not a path.
    return /^\/[/\\]/.test(trimmed) ? 'invalid' : 'app';
  }
  return webPattern.test(trimmed) ? 'web' : 'invalid';
}
