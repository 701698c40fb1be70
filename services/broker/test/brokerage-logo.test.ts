import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { memberOf, serviceFixture, sessionCookieFor, testConfig } from '@corretora/service-kit/testing';
import { createBrokerService } from '../src/app';

const fixture = serviceFixture((url) =>
  createBrokerService({ ...testConfig('broker', url), cataloguesUrl: null, pipelineUrl: null, financeUrl: null }),
);
const { api, broker, internal } = fixture;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function onboarded() {
  const session = await broker();
  expect(
    (
      await api()
        .post('/api/broker-profile')
        .set('Cookie', session.cookie)
        .send({ ...EXAMPLE_BROKERAGE, isOnboardingComplete: true })
    ).status,
  ).toBe(201);
  return session;
}

describe("the brokerage's logo (#60 item 3)", () => {
  test('a manager sends it, the team sees it, another brokerage never; another service reads its bytes; removing it removes it', async () => {
    const owner = await onboarded();
    expect((await api().get('/api/broker-profile').set('Cookie', owner.cookie)).body.logoUrl).toBeNull();
    expect((await internal().get(`/internal/broker/${owner.user.id}/logo`)).body).toBeNull();

    const sent = await api().post('/api/broker-profile/logo').set('Cookie', owner.cookie).attach('logo', PNG, 'logo.png');
    expect(sent.status).toBe(200);
    expect(sent.body.logoUrl).toMatch(/^\/api\/broker-profile\/logo\?v=\d+$/);
    // The founder's photo is another thing.
    expect(sent.body.photoUrl).toBeNull();

    const producerCookie = await sessionCookieFor(fixture.service, memberOf(owner.user, 'producer'));
    const seen = await api().get('/api/broker-profile/logo').set('Cookie', producerCookie).buffer(true);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(seen.body as Buffer, PNG)).toBe(0);
    const other = await onboarded();
    expect((await api().get('/api/broker-profile/logo').set('Cookie', other.cookie)).status).toBe(404);

    const forPrint = await internal().get(`/internal/broker/${owner.user.id}/logo`);
    expect(forPrint.body).toEqual({ contentType: 'image/png', data: PNG.toString('base64') });

    const removed = await api().delete('/api/broker-profile/logo').set('Cookie', owner.cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    expect((await api().get('/api/broker-profile/logo').set('Cookie', owner.cookie)).status).toBe(404);
    expect((await internal().get(`/internal/broker/${owner.user.id}/logo`)).body).toBeNull();
  });

  test('only owners and admins send or remove it', async () => {
    const owner = await onboarded();
    for (const role of ['producer', 'assistant'] as const) {
      const cookie = await sessionCookieFor(fixture.service, memberOf(owner.user, role));
      expect((await api().post('/api/broker-profile/logo').set('Cookie', cookie).attach('logo', PNG, 'logo.png')).status).toBe(403);
      expect((await api().delete('/api/broker-profile/logo').set('Cookie', cookie)).status).toBe(403);
    }
    const admin = await sessionCookieFor(fixture.service, memberOf(owner.user, 'admin'));
    expect((await api().post('/api/broker-profile/logo').set('Cookie', admin).attach('logo', PNG, 'logo.png')).status).toBe(200);
    expect((await api().get('/api/broker-profile').set('Cookie', owner.cookie)).body.logoUrl).not.toBeNull();
  });

  test('bad files are a pt-BR 415, 413 or 400 and keep the logo there is', async () => {
    const { cookie } = await onboarded();
    expect((await api().post('/api/broker-profile/logo').set('Cookie', cookie).attach('logo', PNG, 'logo.png')).status).toBe(200);
    const before = (await api().get('/api/broker-profile').set('Cookie', cookie)).body.logoUrl as string;

    const fake = await api()
      .post('/api/broker-profile/logo')
      .set('Cookie', cookie)
      .attach('logo', Buffer.from('<svg onload="alert(1)"/>'), { filename: 'logo.png', contentType: 'image/png' });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Envie o logotipo como imagem PNG ou JPG.');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await api().post('/api/broker-profile/logo').set('Cookie', cookie).attach('logo', big, 'logo.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('O logotipo deve ter no máximo 1 MB.');
    const wrongField = await api().post('/api/broker-profile/logo').set('Cookie', cookie).attach('photo', PNG, 'logo.png');
    expect(wrongField.status).toBe(400);

    expect((await api().get('/api/broker-profile').set('Cookie', cookie)).body.logoUrl).toBe(before);
  });

  test('without a brokerage profile there is nothing to put a logo on: 404', async () => {
    const { cookie } = await broker();
    expect((await api().post('/api/broker-profile/logo').set('Cookie', cookie).attach('logo', PNG, 'logo.png')).status).toBe(404);
    expect((await api().delete('/api/broker-profile/logo').set('Cookie', cookie)).status).toBe(404);
  });
});
