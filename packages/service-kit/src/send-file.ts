import type { Readable } from 'node:stream';
import type Koa from 'koa';

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'arquivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The exact name an attachment header (ours) carries, or null. */
export function attachmentName(disposition: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition ?? '')?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * A stored file as a download (a document, a client's WhatsApp file): its type and size, its name,
 * and nothing it could run — opened in a tab anyway (a PDF viewer, say), it runs no script and
 * reaches nothing of ours.
 */
export function sendFile(ctx: Koa.Context, file: { stream: Readable; name: string; mimeType: string; size: number }): undefined {
  ctx.set('Content-Type', file.mimeType);
  ctx.set('Content-Length', String(file.size));
  ctx.set('Content-Disposition', attachment(file.name));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "sandbox; default-src 'none'");
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.stream;
  return undefined;
}
