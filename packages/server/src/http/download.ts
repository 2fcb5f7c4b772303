// How the server hands out a stored file: as bytes to save, never as a page. Files come from
// operators' uploads and from routers' uploads, with whatever name and content type they were
// given; served as they came, an HTML or SVG "firmware" would run as a page of the console's own
// origin, with the signed-in user's token in reach.

/** The file name for content-disposition: ASCII fallback plus the exact name (RFC 6266, RFC 8187). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * The headers of a stored file's download, whoever fetches it: bytes (the stored content type is
 * what the uploader claimed, and is not repeated), to be saved rather than shown, never sniffed into
 * something else, and sandboxed should a browser show it anyway.
 */
export function storedFileHeaders(fileName: string, size: number): Record<string, string> {
  return {
    'content-type': 'application/octet-stream',
    'content-length': String(size),
    'content-disposition': attachmentDisposition(fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  };
}
