import { onFirstUse } from './intl';

/** First letter of the first and of the last word; '?' when there is no name. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return `${first.charAt(0)}${last ? last.charAt(0) : ''}`.toUpperCase();
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const SIZE_NUMBER = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }));

/** '0 Bytes', '1,5 KB', '2 MB' (powers of 1024, at most 2 decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${SIZE_NUMBER().format(bytes / 1024 ** unit)} ${SIZE_UNITS[unit]}`;
}

/** A name compared as people mean it: no accents, case, punctuation or repeated spaces. */
export function comparableName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
