/**
 * Header values reach fetch as bytes read one per character (Latin-1): a UTF-8 name sent raw
 * ("ş" as two bytes) is read back as UTF-8 here; anything else is kept as it came.
 */
function fromLatin1(value: string): string {
  const bytes = Array.from(value, (char) => char.charCodeAt(0));
  if (bytes.every((byte) => byte < 0x80) || bytes.some((byte) => byte > 0xff)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return value;
  }
}

/** A name without a folder part, so that it cannot name a place outside the downloads. */
function baseName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare `filename=…`; null when it names none.
 */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    try {
      const name = baseName(decodeURIComponent(extended[2]!.trim()));
      if (name) return name;
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return baseName(fromLatin1(quoted[1]!.replace(/\\(.)/g, '$1')));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;]+)/i.exec(header);
  return bare ? baseName(fromLatin1(bare[1]!.trim())) : null;
}
