import { ROLE_LABELS, TEAM_OPERATIONS, type Role, type TeamMember } from '@corretora/contracts';
import { useCurrentUser, useOperation } from '@corretora/web-kit';
import { ActionMenu, useConfirmAction } from '@corretora/web-kit/ui';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { Body1, Button, Caption1, Subtitle1 } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular, MoreHorizontalRegular, PeopleTeamRegular, PersonAddRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useRevokeInvitation } from '../api/team-api';

// The dialogs (their forms and schemas) load on the first open.
const InviteDialog = lazy(() => import('./team-dialogs').then((module) => ({ default: module.InviteDialog })));
const RoleDialog = lazy(() => import('./team-dialogs').then((module) => ({ default: module.RoleDialog })));
const DisableDialog = lazy(() => import('./team-dialogs').then((module) => ({ default: module.DisableDialog })));
const TransferDialog = lazy(() => import('./team-dialogs').then((module) => ({ default: module.TransferDialog })));
const CommissionRulesDialog = lazy(() => import('./commission-rules-dialog'));
// Equipe › Produção: its tables load when the owner opens it.
const ProductionPanel = lazy(() => import('./production-panel'));

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', flexDirection: 'column', flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  // Two buttons beside the title are wider than a phone's card: they wrap under each other there.
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
});

const STATUS: Record<TeamMember['status'], { label: string; color: 'success' | 'warning' | 'subtle' }> = {
  active: { label: 'Ativo', color: 'success' },
  invited: { label: 'Convidado', color: 'warning' },
  disabled: { label: 'Desativado', color: 'subtle' },
};

type Dialog = { kind: 'invite' } | { kind: 'role' | 'disable' | 'transfer' | 'rules'; member: TeamMember } | null;

const isManager = (role: Role | undefined) => role === 'owner' || role === 'admin';

/** Minha Corretora's team: who is on it, with which role; owners and admins invite, change roles, move carteiras and disable. */
export function TeamSection() {
  const styles = useStyles();
  const { user } = useCurrentUser();
  const team = useOperation(TEAM_OPERATIONS.list);
  const revoke = useRevokeInvitation();
  const revokeAsk = useConfirmAction<TeamMember>({
    title: 'Cancelar convite',
    confirmLabel: 'Cancelar convite',
    message: (member) => `O link enviado para ${member.email} deixa de valer.`,
    run: (member) => revoke.mutateAsync(member.id),
    done: { title: 'Convite cancelado.' },
    failed: 'Não foi possível cancelar o convite',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [production, setProduction] = useState(false);
  const actor = user?.role;
  const members = team.data?.members ?? [];
  const activeOthers = (member: TeamMember) => members.filter((other) => other.status === 'active' && other.id !== member.id);

  const actions = (member: TeamMember) => {
    // Whom the brokerage pays what (repasse): every active member's rules, the manager's own too.
    const rules =
      actor && isManager(actor) && member.status === 'active'
        ? [{ key: 'rules', label: 'Regras de repasse', onSelect: () => setDialog({ kind: 'rules', member }) }]
        : [];
    return [...memberActions(member), ...rules];
  };
  const memberActions = (member: TeamMember) => {
    if (!actor || !isManager(actor) || member.id === user?.id) return [];
    // Only an owner touches an owner (the server says so too).
    if (member.role === 'owner' && actor !== 'owner') return [];
    if (member.status === 'invited')
      return [
        {
          key: 'revoke',
          label: 'Cancelar convite',
          onSelect: () => revokeAsk.ask(member),
        },
      ];
    return [
      { key: 'role', label: 'Mudar papel', onSelect: () => setDialog({ kind: 'role', member }) },
      { key: 'transfer', label: 'Transferir carteira', onSelect: () => setDialog({ kind: 'transfer', member }) },
      ...(member.status === 'active'
        ? [{ key: 'disable', label: 'Desativar', onSelect: () => setDialog({ kind: 'disable', member }) }]
        : []),
    ];
  };

  return (
    <Card className={styles.card}>
      <CardHeader
        image={<PeopleTeamRegular fontSize={24} />}
        header={<Subtitle1 as="h2">Equipe</Subtitle1>}
        action={
          isManager(actor) ? (
            <div className={styles.actions}>
              <Button icon={<DataBarVerticalRegular />} aria-expanded={production} onClick={() => setProduction((shown) => !shown)}>
                Produção
              </Button>
              <Button icon={<PersonAddRegular />} onClick={() => setDialog({ kind: 'invite' })}>
                Convidar
              </Button>
            </div>
          ) : undefined
        }
      />
      {team.isError ? <Body1>Não foi possível carregar a equipe.</Body1> : null}
      <ul className={styles.list} aria-label="Membros da equipe">
        {members.map((member) => {
          const items = actions(member);
          return (
            <li key={member.id} className={styles.row}>
              <div className={styles.who}>
                <Body1>{member.name ?? member.email}</Body1>
                {member.name ? <Caption1>{member.email}</Caption1> : null}
              </div>
              <div className={styles.badges}>
                <Badge appearance="tint" color="brand">
                  {ROLE_LABELS[member.role]}
                </Badge>
                <Badge appearance="tint" color={STATUS[member.status].color}>
                  {STATUS[member.status].label}
                </Badge>
              </div>
              {items.length > 0 ? (
                <ActionMenu
                  aria-label={`Ações de ${member.name ?? member.email}`}
                  appearance="subtle"
                  icon={<MoreHorizontalRegular />}
                  items={items}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {production ? (
        <Suspense fallback={<Body1>Carregando a produção…</Body1>}>
          <ProductionPanel />
        </Suspense>
      ) : null}
      {revokeAsk.dialog}
      <Suspense fallback={null}>
        {dialog?.kind === 'invite' && actor ? <InviteDialog actor={actor} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'role' && actor ? <RoleDialog actor={actor} member={dialog.member} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'disable' ? (
          <DisableDialog member={dialog.member} others={activeOthers(dialog.member)} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'rules' ? <CommissionRulesDialog member={dialog.member} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'transfer' ? (
          <TransferDialog member={dialog.member} others={activeOthers(dialog.member)} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
