import { formatMoney, formatPhone, type PipelineCard } from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Caption1, Text } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { memo } from 'react';
import { NOT_SPECIFIED, type ReferenceNames } from '../../../lib/reference-names';
import { daysInStage, daysLabel, isStale } from '../utils/board-model';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  stale: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteMarigoldBorderActive}` },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  line: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

/** What a card shows; pure and memoised: a drag re-renders only the card that changed. */
export const CardView = memo(function CardView({ card, names, now }: { card: PipelineCard; names: ReferenceNames; now: number }) {
  const styles = useStyles();
  const days = daysInStage(card, now);
  const stale = isStale(card, now);
  const contact = card.contact;
  return (
    <div className={mergeClasses(styles.root, stale && styles.stale)}>
      <Text weight="semibold" className={styles.name} title={contact.name}>
        {contact.name}
      </Text>
      <Caption1 className={styles.line} title={contact.email ?? undefined}>
        {contact.email || formatPhone(contact.phone)}
      </Caption1>
      <Caption1 className={styles.line}>
        {names.product(contact.productId)} · {names.leadSource(contact.leadSourceId)}
      </Caption1>
      {card.stage === 'closed' && card.insurerId !== null ? (
        <Caption1 className={styles.line}>{names.insurer(card.insurerId)}</Caption1>
      ) : null}
      <div className={styles.footer}>
        <Text size={200} weight="semibold">
          {contact.annualPremium === null ? NOT_SPECIFIED : formatMoney(contact.annualPremium)}
        </Text>
        {card.status === 'issued' ? (
          <Badge color="success" appearance="filled">
            Apólice emitida
          </Badge>
        ) : stale ? (
          <Badge color="warning" appearance="tint" title={daysLabel(days)}>{`Parado há ${days} dias`}</Badge>
        ) : (
          <Caption1 className={styles.line}>{daysLabel(days)}</Caption1>
        )}
      </div>
    </div>
  );
});
