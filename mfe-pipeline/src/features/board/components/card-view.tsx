import { NEXT_ACTION_TYPES, formatMoney, formatPhone, type PipelineCard } from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Caption1, Text } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { memo } from 'react';
import { NOT_SPECIFIED, type ReferenceNames } from '../../../lib/reference-names';
import { cardIdle, cardPremium, daysInStage, daysLabel, nextActionLabel } from '../utils/board-model';

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
  limit: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteMarigoldBorderActive}` },
  over: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteRedBorderActive}` },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  line: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  late: { color: tokens.colorPaletteRedForeground1 },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  grow: { flexGrow: 1, minWidth: 0 },
  initials: {
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '24px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
  },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

/** A member's initials on a card: the first letters of their first and last names. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

// Not contracts' optionLabel: its module carries every option list (the UFs...) into the board's first load.
const typeLabel = (type: string) => NEXT_ACTION_TYPES.find((option) => option.value === type)?.label ?? type;

/** What a card shows; pure and memoised: a drag re-renders only the card that changed. */
export const CardView = memo(function CardView({
  card,
  names,
  now,
  idleDays,
}: {
  card: PipelineCard;
  names: ReferenceNames;
  now: number;
  /** The stage's limit of days without activity (null: none). */
  idleDays: number | null;
}) {
  const styles = useStyles();
  const days = daysInStage(card, now);
  const idle = cardIdle(card, idleDays, now);
  const contact = card.contact;
  const idleText = idle.days === 1 ? '1 dia sem atividade' : `${idle.days} dias sem atividade`;
  const premium = cardPremium(card);
  const next = card.status === 'active' ? nextActionLabel(card, typeLabel, now) : null;
  const owner = names.member(card.responsibleId);
  return (
    <div
      className={mergeClasses(styles.root, idle.level === 'limit' && styles.limit, idle.level === 'over' && styles.over)}
      data-idle={idle.level}
    >
      <div className={styles.top}>
        <Text weight="semibold" className={mergeClasses(styles.name, styles.grow)} title={contact.name}>
          {contact.name}
        </Text>
        {owner ? (
          <span className={styles.initials} title={`Responsável: ${owner}`}>
            {initialsOf(owner)}
          </span>
        ) : null}
      </div>
      <Caption1 className={styles.line} title={contact.email ?? undefined}>
        {contact.email || formatPhone(contact.phone)}
      </Caption1>
      <Caption1 className={styles.line}>
        {names.product(contact.productId)} · {names.leadSource(contact.leadSourceId)}
      </Caption1>
      {card.stage === 'closed' && card.insurerId !== null ? (
        <Caption1 className={styles.line}>{names.insurer(card.insurerId)}</Caption1>
      ) : null}
      {next ? <Caption1 className={mergeClasses(styles.line, next.late && styles.late)}>{next.text}</Caption1> : null}
      <div className={styles.footer}>
        <Text size={200} weight="semibold">
          {premium === null ? NOT_SPECIFIED : formatMoney(premium)}
        </Text>
        {card.status === 'issued' ? (
          <Badge color="success" appearance="filled">
            Apólice emitida
          </Badge>
        ) : idle.level === 'over' ? (
          <Badge color="danger" appearance="tint" title={idleText}>{`Parado há ${idle.days} dias`}</Badge>
        ) : idle.level === 'limit' ? (
          <Badge color="warning" appearance="tint" title={`No limite da etapa: ${idleText}`}>
            {idleText}
          </Badge>
        ) : (
          <Caption1 className={styles.line}>{daysLabel(days)}</Caption1>
        )}
      </div>
    </div>
  );
});
