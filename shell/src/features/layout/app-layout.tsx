import { BROKER_OPERATIONS } from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useFocusableGroup } from '@corretora/web-kit/fluent/focus';
import { Body1, Button, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { ErrorCircleRegular, NavigationRegular, ShieldCheckmarkRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { GlobalSearch } from './global-search';
import { SideNav } from './side-nav';
import { Outlet, useLocation, useOperation } from '@corretora/web-kit';
import { AppToaster, COMPACT_LAYOUT, NoticeFromPreviousPage } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    [COMPACT_LAYOUT]: { flexDirection: 'column' },
  },
  column: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  main: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    [COMPACT_LAYOUT]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}` },
  },
  // The top bar: the search box; on narrow screens, where the navigation is hidden, the menu button and the brand too.
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    position: 'sticky',
    top: 0,
    zIndex: 10,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorBrandForeground1,
    [COMPACT_LAYOUT]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  },
  compactOnly: { display: 'none', [COMPACT_LAYOUT]: { display: 'inline-flex', flexShrink: 0 } },
  brandName: { display: 'none', '@media (min-width: 30rem) and (max-width: 47.99rem)': { display: 'inline', flexShrink: 0 } },
  // An error banner drawn here rather than Fluent's MessageBar, which every page would then load for
  // a message that is almost never shown.
  alert: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
  },
  alertIcon: { flexShrink: 0, fontSize: '20px', color: tokens.colorPaletteRedForeground1 },
  // Out of sight until focused (the keyboard's first Tab), then over the top of the page.
  skip: {
    position: 'absolute',
    zIndex: 30,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    transform: 'translateY(-200%)',
    ':focus': { transform: 'none' },
  },
  backdrop: { display: 'none' },
  backdropOpen: {
    [COMPACT_LAYOUT]: { display: 'block', position: 'fixed', inset: 0, zIndex: 15, backgroundColor: tokens.colorBackgroundOverlay },
  },
});

/** Signed-in frame: side navigation (a slide-over menu on narrow screens) and the page. */
export default function AppLayout() {
  // Holds Fluent's focus manager (tabster) for the whole signed-in visit (any tabster hook creates
  // it; this one has no other effect). When a modal dialog was the first to create it, closing the
  // dialog disposed it before it restored the page, and aria-hidden stayed on #root.
  useFocusableGroup();
  const styles = useStyles();
  const profile = useOperation(BROKER_OPERATIONS.profile);
  const { pathname } = useLocation();
  // The menu is open on the page it was opened on: going somewhere closes it; so does Escape.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = navOpenOn === pathname;
  const setNavOpen = (open: boolean) => setNavOpenOn(open ? pathname : null);
  useEffect(() => {
    if (!navOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={styles.root}>
      {/* The first stop of the keyboard: straight to the page, past the navigation. */}
      <a className={styles.skip} href="#conteudo">
        Pular para o conteúdo
      </a>
      <SideNav open={navOpen} />
      <div className={mergeClasses(styles.backdrop, navOpen && styles.backdropOpen)} onClick={() => setNavOpen(false)} aria-hidden />
      {/* Notifications belong to the signed-in product (remotes included); /login needs none. */}
      <AppToaster />
      <NoticeFromPreviousPage />
      <div className={styles.column}>
        <header className={styles.topBar}>
          <Button
            className={styles.compactOnly}
            appearance="subtle"
            icon={<NavigationRegular />}
            aria-label={navOpen ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={navOpen}
            aria-controls="main-navigation"
            onClick={() => setNavOpen(!navOpen)}
          />
          <ShieldCheckmarkRegular className={styles.compactOnly} fontSize={24} aria-hidden />
          <Subtitle2 className={styles.brandName}>Corretora CRM</Subtitle2>
          <GlobalSearch />
        </header>
        <main className={styles.main} id="conteudo" tabIndex={-1}>
          {profile.isError ? (
            <div className={styles.alert} role="alert">
              <ErrorCircleRegular className={styles.alertIcon} aria-hidden />
              <Body1>Não foi possível carregar os dados da corretora. Recarregue a página.</Body1>
            </div>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
