import { PORTAL_CODE_SENT, PORTAL_PAUSED, PORTAL_WRONG_CODE, type PortalBrokerage } from '@corretora/contracts';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignInPage from '../src/features/sign-in/sign-in-page';

/** Entering the portal as a client does it: the document checked before anything is sent, the code, the pause. */
const BROKERAGE: PortalBrokerage = {
  slug: 'corretora-silva',
  name: 'Corretora Silva',
  logoUrl: null,
  channels: { email: true, whatsapp: false },
};

let restore = () => undefined as void;
afterEach(() => restore());
const calls: { method: string; url: string; body: unknown }[] = [];
function answer(reply: (method: string, url: string) => Answer) {
  calls.length = 0;
  restore = answerFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply(method, url);
  });
}

describe('Entrar no portal', () => {
  test('an invalid CPF is refused inline and nothing is sent', async () => {
    const user = userEvent.setup();
    answer(() => ({ status: 500, body: {} }));
    render(withShell(<SignInPage brokerage={BROKERAGE} />));
    await user.type(screen.getByLabelText(/CPF ou CNPJ/), '123.456.789-00');
    await user.click(screen.getByRole('button', { name: 'Receber código' }));
    expect(await screen.findByText('Informe um CPF ou CNPJ válido')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('the code asked by CPF (digits on the wire), the same answer for anyone; a wrong code under its field; then the pause above the form', async () => {
    const user = userEvent.setup();
    let tries = 0;
    answer((_method, url) => {
      if (url.endsWith('/code')) return { status: 202, body: { message: PORTAL_CODE_SENT } };
      tries += 1;
      return tries === 1
        ? { status: 400, body: { message: PORTAL_WRONG_CODE, issues: [{ path: 'code', message: PORTAL_WRONG_CODE }] } }
        : { status: 429, body: { message: PORTAL_PAUSED } };
    });
    render(withShell(<SignInPage brokerage={BROKERAGE} />));
    await user.type(screen.getByLabelText(/CPF ou CNPJ/), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Receber código' }));
    expect((await screen.findByRole('status')).textContent).toBe(PORTAL_CODE_SENT);
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/portal/corretora-silva/code', body: { document: '52998224725' } });
    await user.type(screen.getByLabelText(/Código/), '12345');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o código de 6 dígitos')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await user.type(screen.getByLabelText(/Código/), '6');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(PORTAL_WRONG_CODE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PAUSED);
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/api/portal/corretora-silva/session',
      body: { document: '52998224725', code: '123456' },
    });
  });
});
