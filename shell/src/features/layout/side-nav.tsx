import { BROKER_OPERATIONS } from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Body1Strong, Caption1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { DeleteRegular, LockClosedRegular, MoreVerticalRegular, ShieldCheckmarkRegular, SignOutRegular } from '@fluentui/react-icons';
import { PATHS } from '../../config/paths';
import { useClearData } from '../../lib/account-api';
import { useLogout } from '../../lib/auth-api';
import { NAV_ITEMS, isActivePath } from './nav-items';
import { NavLink, useCurrentUser, useLocation, useNavigate, useOperation } from '@corretora/web-kit';
import { ActionMenu, COMPACT_LAYOUT, PersonAvatar, useConfirmAction } from '@corretora/web-kit/ui';

const NAV_WIDTH = '16rem';
const LOCKED_HINT = 'Complete o cadastro da corretora para liberar';
const LOCKED_HINT_ID = 'nav-locked-hint';

const useStyles = makeStyles({
  root: {
    width: NAV_WIDTH,
    minWidth: NAV_WIDTH,
    maxWidth: NAV_WIDTH,
    height: '100vh',
    position: 'sticky',
    top: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    [COMPACT_LAYOUT]: {
      position: 'fixed',
      left: 0,
      zIndex: 20,
      height: '100dvh',
      transform: 'translateX(-100%)',
      visibility: 'hidden',
      transitionProperty: 'transform, visibility',
      transitionDuration: tokens.durationNormal,
      boxShadow: tokens.shadow28,
    },
  },
  open: { [COMPACT_LAYOUT]: { transform: 'translateX(0)', visibility: 'visible' } },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorBrandForeground1,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalS}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexGrow: 1,
    overflowY: 'auto',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  locked: { color: tokens.colorNeutralForegroundDisabled, cursor: 'not-allowed', ':hover': { backgroundColor: 'transparent' } },
  hidden: { display: 'none' },
  label: { flexGrow: 1 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export function SideNav({ open = false }: { open?: boolean }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const profile = useOperation(BROKER_OPERATIONS.profile).data;
  const logout = useLogout();
  const clearData = useClearData();
  const clearing = useConfirmAction({
    title: 'Limpar Dados',
    confirmLabel: 'Limpar Dados',
    message: () => 'Tem certeza que deseja limpar todos os dados? Esta ação não pode ser desfeita.',
    run: () => clearData.mutateAsync(),
    done: { title: 'Dados limpos', detail: 'Todos os dados foram removidos com sucesso.' },
    failed: 'Erro ao limpar dados',
    failedDetail: 'Não foi possível limpar os dados. Tente novamente.',
  });
  const unlocked = profile?.isOnboardingComplete === true;

  // The brokerage's owner is the profile's broker; any other member is themselves.
  const own = user !== null && user.role !== 'owner';
  const name = (own ? user.name : profile?.name || user?.name) || 'Usuário';
  const email = (own ? user.email : profile?.email || user?.email) || '';

  return (
    <nav id="main-navigation" className={mergeClasses(styles.root, open && styles.open)} aria-label="Navegação principal">
      <div className={styles.brand}>
        <ShieldCheckmarkRegular fontSize={28} />
        <Subtitle2>Corretora CRM</Subtitle2>
      </div>
      <ul className={styles.list}>
        {NAV_ITEMS.filter((item) => !item.roles || (user !== null && item.roles.includes(user.role))).map((item) => {
          const { Icon } = item;
          const usable = unlocked || !item.locked;
          if (!usable) {
            return (
              <li key={item.to}>
                {/* A locked area is still in the tab order and says why it is locked, so a keyboard
                    or screen-reader user learns what a mouse user reads in the tooltip. */}
                <span
                  role="link"
                  tabIndex={0}
                  aria-disabled="true"
                  aria-describedby={LOCKED_HINT_ID}
                  title={LOCKED_HINT}
                  className={mergeClasses(styles.item, styles.locked)}
                >
                  <Icon fontSize={20} />
                  <span className={styles.label}>{item.label}</span>
                  <LockClosedRegular fontSize={16} aria-hidden />
                </span>
              </li>
            );
          }
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === PATHS.home}
                className={mergeClasses(styles.item, isActivePath(item, pathname) && styles.active)}
                aria-current={isActivePath(item, pathname) ? 'page' : undefined}
              >
                <Icon fontSize={20} />
                <span className={styles.label}>{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {unlocked ? null : (
        <span id={LOCKED_HINT_ID} className={styles.hidden}>
          {LOCKED_HINT}
        </span>
      )}
      <div className={styles.footer}>
        <PersonAvatar name={name} photoUrl={profile?.photoUrl} />
        <div className={styles.who}>
          <Body1Strong className={styles.ellipsis}>{name}</Body1Strong>
          {email ? <Caption1 className={styles.ellipsis}>{email}</Caption1> : null}
        </div>
        <ActionMenu
          appearance="subtle"
          icon={<MoreVerticalRegular />}
          aria-label="Menu da conta"
          items={[
            // Only an owner may empty the brokerage.
            ...(user?.role === 'owner'
              ? [{ key: 'clear', label: 'Limpar Dados', icon: <DeleteRegular />, onSelect: () => clearing.ask() }]
              : []),
            {
              key: 'logout',
              label: 'Sair da Conta',
              icon: <SignOutRegular />,
              onSelect: () => logout.mutate(undefined, { onSettled: () => void navigate(PATHS.login) }),
            },
          ]}
        />
      </div>
      {clearing.dialog}
    </nav>
  );
}
