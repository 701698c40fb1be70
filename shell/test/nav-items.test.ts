import { NAV_ITEMS, isActivePath } from '../src/features/layout/nav-items';

const item = (label: string) => {
  const found = NAV_ITEMS.find((entry) => entry.label === label);
  if (!found) throw new Error(`no nav item ${label}`);
  return found;
};

describe('side navigation', () => {
  it("follows the spec's order (Minhas tarefas, #25, right after Painel), with only Minha Corretora open before onboarding", () => {
    expect(NAV_ITEMS.map((entry) => entry.label)).toEqual([
      'Painel',
      'Minhas tarefas',
      'Conversas',
      'Pipeline',
      'Contatos',
      'Sinistros',
      'Apólices',
      'Comissões',
      'Documentos',
      'Configurações',
      'Meu Perfil',
      // Owners and admins only (#40); the shell filters by role where it draws the navigation.
      'Privacidade',
      'Minha Corretora',
    ]);
    expect(NAV_ITEMS.filter((entry) => !entry.locked).map((entry) => entry.to)).toEqual(['/broker']);
  });

  it.each([
    ['Painel', '/', true],
    ['Painel', '/dashboard', true],
    ['Painel', '/settings', false],
    ['Configurações', '/settings', true],
    ['Configurações', '/settings/anything', true],
    ['Configurações', '/settingsfoo', false],
    ['Minha Corretora', '/broker', true],
    ['Meu Perfil', '/broker', false],
  ])('%s is active on %s: %s', (label, pathname, active) => {
    expect(isActivePath(item(label), pathname)).toBe(active);
  });
});
