import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster, useNotify } from '../src/ui/notify';

/** A screen of any app: it only knows useNotify. */
function SavingScreen() {
  const notify = useNotify();
  return (
    <>
      <Button onClick={() => notify.success('Produto criado com sucesso!')}>Criar</Button>
      <Button onClick={() => notify.error('Erro ao excluir produto', 'Tente novamente.')}>Excluir</Button>
    </>
  );
}

describe('toasts', () => {
  test('reach the one toaster, which loads with the first toast; a new one replaces the current', async () => {
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <SavingScreen />
      </FluentProvider>,
    );
    // Nothing of Fluent's toaster is on the page before the first toast.
    expect(document.querySelector('[data-toaster-id]')).toBeNull();
    // The toasts themselves (their text is also announced in an aria-live region, a second match while it lasts).
    const shown = () => [...document.querySelectorAll('.fui-Toast')].map((toast) => toast.textContent ?? '').join(' | ');
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(shown()).toContain('Produto criado com sucesso!'));
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(shown()).toContain('Erro ao excluir produto'));
    expect(shown()).toContain('Tente novamente.');
    await waitFor(() => expect(shown()).not.toContain('Produto criado com sucesso!'));
  });

  test('a toast sent while no signed-in layout is mounted is not shown later', async () => {
    const user = userEvent.setup();
    const screenOnly = render(
      <FluentProvider theme={webLightTheme}>
        <SavingScreen />
      </FluentProvider>,
    );
    const layout = render(
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
      </FluentProvider>,
    );
    layout.unmount();
    await user.click(screenOnly.getByRole('button', { name: 'Criar' }));
    screenOnly.unmount();
    render(
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <SavingScreen />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir produto')).toBeTruthy();
    expect(screen.queryByText('Produto criado com sucesso!')).toBeNull();
  });
});
