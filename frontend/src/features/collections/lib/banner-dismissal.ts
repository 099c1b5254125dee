/** Set in sessionStorage when the user hides the archive's banners: they stay hidden until the tab is closed. */
export const BANNERS_HIDDEN_KEY = 'desen.banners.hidden';

export function bannersHidden(): boolean {
  try {
    return window.sessionStorage.getItem(BANNERS_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function hideBanners(): void {
  try {
    window.sessionStorage.setItem(BANNERS_HIDDEN_KEY, '1');
  } catch {
    // Storage unavailable: hidden for as long as the page lives.
  }
}
