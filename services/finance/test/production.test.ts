import { wireToCents } from '@corretora/contracts';
import { financeStack } from './stack';

const { api, brokerWithRefs, member, finalizedCard, issue, newLead } = financeStack();

describe('Equipe › Produção (#58 item 5)', () => {
  test("a seeded month: each member's new policies, premium and commission match the sum of their policies to the centavo; leads and conversion; managers only", async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    // Paulo: two policies starting in December 2026 (one with an odd commission), and a lead still open.
    for (const sale of [{}, { premioLiquido: '2333.33', iof: '172.19', totalPremium: '2505.52', commissionPercentage: '17.33' }]) {
      const card = await finalizedCard(paulo, 'Seguro Auto', sale);
      expect((await issue(paulo, card.id)).status).toBe(200);
    }
    const autoId = owner.refs.products.find((product) => product.name === 'Seguro Auto')!.id;
    expect((await newLead(paulo, { name: 'Lead aberto', phone: '(11) 98765-4000', productId: autoId })).status).toBe(201);
    // Bruno: one policy in January 2027.
    const brunos = await finalizedCard(bruno, 'Seguro Auto', { startDate: '2027-01-15', endDate: '2028-01-15' });
    expect((await issue(bruno, brunos.id)).status).toBe(200);

    const report = await api().get('/api/team/production?from=2026-12&to=2027-01').set('Cookie', owner.cookie);
    expect(report.status).toBe(200);
    expect(report.body.unavailable).toEqual([]);
    const rowOf = (memberId: string, month: string) =>
      (report.body.rows as { memberId: string; month: string }[]).find((row) => row.memberId === memberId && row.month === month);

    // The sum of each member's policies (as the policies list says them) and their commission (as Comissões does).
    for (const [who, month] of [
      [paulo, '2026-12'],
      [bruno, '2027-01'],
    ] as const) {
      const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { premium: string }[];
      const commissions = (await api().get('/api/commissions').set('Cookie', who.cookie)).body as {
        policies: { calculatedCommission: number }[];
      };
      expect(rowOf(who.user.memberId, month)).toMatchObject({
        newPolicies: policies.length,
        premium: policies.reduce((sum, policy) => sum + wireToCents(policy.premium)!, 0),
        commission: commissions.policies.reduce((sum, policy) => sum + policy.calculatedCommission, 0),
      });
    }
    expect(rowOf(paulo.user.memberId, '2026-12')).toMatchObject({ premium: 107_380 + 250_552, commission: 12_500 + 40_437 });
    // Leads are counted in the month they were created (now), not the policy's.
    const thisMonth = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7);
    const wide = await api()
      .get(`/api/team/production?from=2026-01&to=${thisMonth > '2027-01' ? thisMonth : '2027-01'}`)
      .set('Cookie', owner.cookie);
    const leads = (wide.body.rows as { memberId: string; month: string; leads: number; won: number }[]).find(
      (row) => row.memberId === paulo.user.memberId && row.month === thisMonth,
    );
    expect(leads).toMatchObject({ leads: 3, won: 2 });

    // A line: the auto policies stay, nothing of life; leads have no line and are left out.
    const life = await api().get('/api/team/production?from=2026-12&to=2027-01&line=vida').set('Cookie', owner.cookie);
    expect(life.body.rows).toEqual([]);

    // The CSV says the same, by name.
    const csv = await api().get('/api/team/production.csv?from=2026-12&to=2027-01').set('Cookie', owner.cookie);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`12/2026;${paulo.user.name};2;3579,32;529,37;`);

    // Managers only; another brokerage sees none of it; a bad period is a pt-BR 400.
    for (const who of [paulo, ana]) expect((await api().get('/api/team/production').set('Cookie', who.cookie)).status).toBe(403);
    const stranger = await brokerWithRefs();
    const theirs = await api().get('/api/team/production?from=2026-12&to=2027-01').set('Cookie', stranger.cookie);
    expect(theirs.body.rows).toEqual([]);
    const backwards = await api().get('/api/team/production?from=2027-01&to=2026-12').set('Cookie', owner.cookie);
    expect([backwards.status, backwards.body.message]).toEqual([400, 'O mês inicial vem antes do final.']);
    expect((await api().get('/api/team/production?from=2020-01&to=2026-12').set('Cookie', owner.cookie)).status).toBe(400);
    expect((await api().get('/api/team/production?from=2026-13').set('Cookie', owner.cookie)).status).toBe(400);
  });
});
