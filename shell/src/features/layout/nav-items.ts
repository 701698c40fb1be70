import { navigation, type NavEntry, type NavIcon } from '@corretora/registry';
import {
  AlertRegular,
  BuildingRegular,
  ChatMultipleRegular,
  DocumentFolderRegular,
  DocumentTextRegular,
  DataFunnelRegular,
  GridRegular,
  MoneyRegular,
  PeopleRegular,
  PersonRegular,
  SettingsRegular,
  ShieldLockRegular,
  TaskListLtrRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { PATHS } from '../../config/paths';

export interface NavItem extends NavEntry {
  Icon: FluentIcon;
}

/** The Fluent icon of each registry icon name (a new name is a type error until it is mapped). */
const ICONS: Record<NavIcon, FluentIcon> = {
  dashboard: GridRegular,
  tasks: TaskListLtrRegular,
  conversations: ChatMultipleRegular,
  pipeline: DataFunnelRegular,
  contacts: PeopleRegular,
  claims: AlertRegular,
  policies: DocumentTextRegular,
  commissions: MoneyRegular,
  documents: DocumentFolderRegular,
  settings: SettingsRegular,
  profile: PersonRegular,
  brokerage: BuildingRegular,
  privacy: ShieldLockRegular,
};

/** The side navigation, in the registry's order (Painel first, Minha Corretora last). */
export const NAV_ITEMS: NavItem[] = navigation().map((entry) => ({ ...entry, Icon: ICONS[entry.icon] }));

export function isActivePath(item: NavItem, pathname: string): boolean {
  if (item.to === PATHS.home) return pathname === PATHS.home || pathname === PATHS.dashboard;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
