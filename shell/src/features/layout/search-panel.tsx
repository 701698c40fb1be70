import {
  CLAIM_STATUS_LABELS,
  CONTACT_STATUS_LABELS,
  POLICY_STATUS_LABELS,
  RELATIONSHIP_OPERATIONS,
  SEARCH_MIN_LENGTH,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  lineLabel,
  type SearchResults,
} from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Body1, Caption1 } from '@corretora/web-kit/fluent/core';
import { useEffect, useMemo, useState } from 'react';
import { useOperation } from '@corretora/web-kit';
import type { SearchOption } from './search-options';

const useStyles = makeStyles({
  list: { margin: 0, padding: `${tokens.spacingVerticalXS} 0` },
  group: { padding: `${tokens.spacingVerticalXS} 0` },
  heading: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightSemibold,
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Selected },
  },
  secondary: { color: tokens.colorNeutralForeground3 },
  message: { display: 'block', padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});

/** A beat after the last key: the server is asked once per pause, not once per letter. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Entry extends SearchOption {
  title: string;
  detail: string;
}

/** The results as the box lists them: each group's entries, with where each opens. */
function entriesOf(results: SearchResults): { name: string; entries: Entry[] }[] {
  const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return [
    {
      name: 'Clientes',
      entries: results.clients.map((client) => ({
        key: `cliente-${client.id}`,
        to: `/contacts/${client.id}`,
        title: client.name,
        detail: joined(
          client.kind === 'pj' ? formatCnpj(client.document) : formatCpf(client.document),
          formatPhone(client.phone),
          client.email,
          client.blockedUntil
            ? `bloqueado (LGPD) até ${formatDate(client.blockedUntil)}`
            : CONTACT_STATUS_LABELS[client.client ? 'client' : 'prospect'],
        ),
      })),
    },
    {
      name: 'Apólices',
      entries: results.policies.map((policy) => ({
        key: `apolice-${policy.id}`,
        to: `/policies?busca=${encodeURIComponent(policy.policyNumber)}`,
        title: policy.awaitingNumber
          ? `Aguardando nº${policy.proposalNumber ? ` · proposta ${policy.proposalNumber}` : ''}`
          : `Apólice ${policy.policyNumber}`,
        detail: joined(policy.contactName, lineLabel(policy.line), POLICY_STATUS_LABELS[policy.status]),
      })),
    },
    {
      name: 'Sinistros',
      entries: results.claims.map((claim) => ({
        key: `sinistro-${claim.id}`,
        to: `/claims?sinistro=${claim.id}`,
        title: `Sinistro ${claim.claimNumber}`,
        detail: joined(
          claim.contactName,
          claim.insurerClaimNumber ? `nº na seguradora ${claim.insurerClaimNumber}` : null,
          CLAIM_STATUS_LABELS[claim.status],
        ),
      })),
    },
    {
      name: 'Negócios em aberto',
      entries: results.cards.map((card) => ({
        key: `negocio-${card.id}`,
        to: `/pipeline?card=${card.id}`,
        title: card.contactName,
        detail: `No pipeline, em ${card.stageName}`,
      })),
    },
  ].filter((group) => group.entries.length > 0);
}

/** The list under the top bar's box: asks /api/search a beat after typing stops, groups what it finds. */
export default function SearchPanel({
  id,
  text,
  active,
  onOptions,
  onPick,
}: {
  id: string;
  text: string;
  active: string | undefined;
  onOptions: (options: SearchOption[]) => void;
  onPick: (option: SearchOption) => void;
}) {
  const styles = useStyles();
  const q = useSettled(text.trim(), 200);
  const enough = q.length >= SEARCH_MIN_LENGTH;
  const search = useOperation(RELATIONSHIP_OPERATIONS.search, { query: { q } }, { enabled: enough, staleTime: 30_000, keepPrevious: true });
  const groups = useMemo(() => (enough && search.data ? entriesOf(search.data) : []), [enough, search.data]);
  useEffect(() => {
    onOptions(groups.flatMap((group) => group.entries.map(({ key, to }) => ({ key, to }))));
    // onOptions is the box's setter pair; only a new answer changes the options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groups]);

  let message: string | null = null;
  if (text.trim().length < SEARCH_MIN_LENGTH) message = `Digite ao menos ${SEARCH_MIN_LENGTH} caracteres.`;
  else if (search.isError) message = 'Não foi possível buscar agora. Tente novamente.';
  else if (groups.length === 0) message = q !== text.trim() || search.isFetching ? 'Buscando…' : `Nada encontrado para “${q}”.`;
  return (
    <div>
      {message ? (
        <Caption1 className={styles.message} role="status">
          {message}
        </Caption1>
      ) : null}
      <div id={id} role="listbox" aria-label="Resultados da busca" className={styles.list}>
        {groups.map((group, index) => (
          <div key={group.name} role="group" aria-labelledby={`${id}-grupo-${index}`} className={styles.group}>
            <Caption1 id={`${id}-grupo-${index}`} className={styles.heading}>
              {group.name}
            </Caption1>
            {group.entries.map((entry) => (
              <div
                key={entry.key}
                id={`${id}-${entry.key}`}
                role="option"
                aria-selected={entry.key === active}
                className={mergeClasses(styles.option, entry.key === active && styles.active)}
                // Keeps the focus in the box, so the click lands before the list closes on blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(entry)}
                // The box holds the focus (aria-activedescendant); an option focused some other way still opens with Enter.
                tabIndex={-1}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onPick(entry);
                }}
              >
                <Body1>{entry.title}</Body1>
                <Caption1 className={styles.secondary}>{entry.detail}</Caption1>
              </div>
            ))}
          </div>
        ))}
      </div>
      {search.data?.unavailable.includes('finance') && enough ? (
        <Caption1 className={styles.message}>Apólices e sinistros indisponíveis no momento.</Caption1>
      ) : null}
    </div>
  );
}
