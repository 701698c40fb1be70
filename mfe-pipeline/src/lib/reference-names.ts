import { CATALOGUE_OPERATIONS, type ReferenceData } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { useTeam } from '@corretora/web-kit/ui';
import { useMemo } from 'react';

/** Section 3's fallback texts, wherever a reference is missing (deleted in Configurações, say). */
export const NOT_SPECIFIED = 'Não especificado';
export const UNKNOWN_PRODUCT = 'Produto desconhecido';
export const UNKNOWN_SOURCE = 'Fonte desconhecida';
export const UNKNOWN_INSURER = 'Seguradora desconhecida';

export interface ReferenceNames {
  data: ReferenceData | undefined;
  product(id: number | null): string;
  leadSource(id: number | null): string;
  insurer(id: number | null): string;
  /** Whose a record is, in a team: the member's name; null in a brokerage of one (no screen speaks of it there). */
  member(id: string): string | null;
}

function namer(list: readonly { id: number; name: string }[] | undefined, unknown: string) {
  const names = new Map(list?.map((item) => [item.id, item.name]));
  return (id: number | null) => (id === null ? NOT_SPECIFIED : (names.get(id) ?? unknown));
}

/** The broker's catalogue names by id (reference data is fresh for 5 minutes and kept 10), and the team's. */
export function useReferenceNames(): ReferenceNames {
  const query = useOperation(CATALOGUE_OPERATIONS.referenceData, undefined, { staleTime: 5 * 60_000, gcTime: 10 * 60_000 });
  const team = useTeam();
  return useMemo(
    () => ({
      data: query.data,
      product: namer(query.data?.products, UNKNOWN_PRODUCT),
      leadSource: namer(query.data?.leadSources, UNKNOWN_SOURCE),
      insurer: namer(query.data?.insurers, UNKNOWN_INSURER),
      member: (id: string) => (team.isTeam ? (team.nameOf(id) ?? 'Membro desativado') : null),
    }),
    [query.data, team],
  );
}

/** Options of a select: the active items, plus the one already chosen even if it was deactivated. */
export function optionsOf(list: readonly { id: number; name: string; isActive?: boolean }[] | undefined, current?: number | null) {
  return (list ?? [])
    .filter((item) => item.isActive !== false || item.id === current)
    .map((item) => ({ value: String(item.id), label: item.name }));
}
