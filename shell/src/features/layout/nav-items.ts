import {
  AlertRegular, BuildingRegular, DocumentFolderRegular, DocumentTextRegular, DataFunnelRegular, GridRegular,
  MoneyRegular, PeopleRegular, PersonRegular, SettingsRegular, type FluentIcon,
} from '@fluentui/react-icons';
import { PATHS } from '../../app/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: FluentIcon;
  /** Usable before onboarding is complete (only Minha Corretora). */
  alwaysOpen?: boolean;
}

/** The spec's order (section 2, Side navigation). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Painel', to: PATHS.home, icon: GridRegular },
  { label: 'Pipeline', to: PATHS.pipeline, icon: DataFunnelRegular },
  { label: 'Contatos', to: PATHS.contacts, icon: PeopleRegular },
  { label: 'Sinistros', to: PATHS.claims, icon: AlertRegular },
  { label: 'Apólices', to: PATHS.policies, icon: DocumentTextRegular },
  { label: 'Comissões', to: PATHS.commissions, icon: MoneyRegular },
  { label: 'Documentos', to: PATHS.documents, icon: DocumentFolderRegular },
  { label: 'Configurações', to: PATHS.settings, icon: SettingsRegular },
  { label: 'Meu Perfil', to: PATHS.profile, icon: PersonRegular },
  { label: 'Minha Corretora', to: PATHS.broker, icon: BuildingRegular, alwaysOpen: true },
];

export function isActivePath(item: NavItem, pathname: string): boolean {
  if (item.to === PATHS.home) return pathname === PATHS.home || pathname === PATHS.dashboard;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
