import { FINANCE_OPERATIONS, SENT_CHANNELS, formatDate, type ComparisonLink } from '@corretora/contracts';
import { operationUrl } from '@corretora/web-kit';
import { Body1, Button, Caption1, Link, Text } from '@corretora/web-kit/fluent/core';
import { useConfirmAction } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useCardComparisons, useRevokeComparison } from '../api/quotes-api';

const useStyles = makeStyles({
  list: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const state = (link: ComparisonLink, now: number) =>
  link.revokedAt
    ? `revogado em ${formatDate(link.revokedAt)}`
    : Date.parse(link.expiresAt) < now
      ? 'expirado'
      : `válido até ${formatDate(link.expiresAt)}`;

/** The deal's comparisons sent to the client: each link's state, its PDF, and revoking it. */
export function ComparisonsList({ cardId }: { cardId: number }) {
  const styles = useStyles();
  const links = useCardComparisons(cardId);
  // The moment the list opened: a link that expires while it is open says so on the next visit.
  const [now] = useState(() => Date.now());
  const revoke = useRevokeComparison();
  const revoking = useConfirmAction<ComparisonLink>({
    title: 'Revogar link',
    confirmLabel: 'Revogar',
    message: () => 'O cliente deixa de abrir este comparativo pelo link. O PDF já enviado continua com ele.',
    run: (link) => revoke.mutateAsync(link.id),
    done: { title: 'Link revogado' },
    failed: 'Não foi possível revogar o link.',
  });
  if (!links.data?.length) return null;
  return (
    <section aria-label="Comparativos enviados">
      <Text weight="semibold">Comparativos enviados</Text>
      <ul className={styles.list}>
        {links.data.map((link) => (
          <li key={link.id} className={styles.item}>
            <Body1>{`${formatDate(link.createdAt)} · ${link.quoteCount} cotação(ões) · ${SENT_CHANNELS.find((c) => c.value === link.channel)?.label ?? ''} · ${state(link, now)}`}</Body1>
            <Link href={operationUrl(FINANCE_OPERATIONS.downloadDocument, { params: { id: link.pdfDocumentId } })} target="_blank">
              PDF
            </Link>
            {!link.revokedAt && Date.parse(link.expiresAt) > now ? (
              <>
                <Caption1>{link.url}</Caption1>
                <Button size="small" onClick={() => revoking.ask(link)}>
                  Revogar link
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {revoking.dialog}
    </section>
  );
}
