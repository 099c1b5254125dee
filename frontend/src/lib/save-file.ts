/** How long the object URL of a saved file is kept: the browser has taken the file over by then. */
export const REVOKE_AFTER_MS = 1000;

/**
 * Saves a file read with fetch (a route that needs the `Access-Token` header) as a download named
 * `name`: through an object URL and a temporary `<a download>`, the URL revoked soon after.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
