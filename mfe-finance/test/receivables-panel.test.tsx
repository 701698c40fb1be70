import type { ListPage, ReceivableInstalment, ReceivablesSummary, ReferenceData } from '@corretora/contracts';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { monthName, shiftMonth } from '@corretora/contracts';
import { thisMonth } from '../src/components/month-field';
import ReceivablesPanel from '../src/features/receivables/components/receivables-panel';

/**
 * Recebíveis as the broker sees it: loading, the failure, a month with nothing due, and a month
 * with an insurer's figures, the chart read as text and a line nothing matched. fetch is the
 * screen's one boundary: each path answers what the API would.
 */
const REFERENCE: ReferenceData = {
  products: [],
  leadSources: [],
  insurers: [{ id: 3, name: 'Porto Seguro' }],
  pipelineStages: [],
} as unknown as ReferenceData;

const TOTALS = {
  expected: '250.00',
  received: '124.97',
  difference: '-125.03',
  gross: '124.97',
  iss: '2.50',
  irrf: '1.87',
  net: '120.60',
  chargebacks: '0.00',
  openDifferences: 1,
};

const MONTH: ReceivablesSummary = {
  month: '2026-11',
  insurerId: null,
  ...TOTALS,
  rows: [
    {
      insurerId: 3,
      insurerName: 'Porto Seguro',
      ...TOTALS,
      instalmentCount: 51,
    },
  ],
  unidentified: [
    {
      id: 9,
      importId: 4,
      line: 3,
      insurerId: 3,
      policyNumber: 'OUTRA-99',
      endorsement: null,
      instalmentNumber: 1,
      type: 'comissao',
      gross: '125.00',
      iss: '0.00',
      irrf: '0.00',
      net: '125.00',
      paidOn: '2026-11-20',
      note: null,
      match: {
        status: 'nao_identificado',
        by: null,
        policyId: null,
        policyNumber: null,
        contactName: null,
        instalment: null,
        expected: null,
        amount: '125.00',
        difference: null,
      },
    },
  ],
  chart: Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    expected: index === 10 ? '250.00' : '0.00',
    received: index === 10 ? '124.97' : '0.00',
  })),
  settings: { tolerance: '0.05', graceDays: 10 },
};

let restore = () => undefined as void;
afterEach(() => restore());
const answering = (receivables: (url: string) => Answer) =>
  answerFetch((url) => (url.startsWith('/api/reference-data') ? { status: 200, body: REFERENCE } : receivables(url)));

describe('Recebíveis', () => {
  test('while the month loads: a labelled spinner', () => {
    restore = answering(() => 'pending');
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    expect(screen.getByText('Carregando recebíveis...')).toBeTruthy();
  });

  test('the month failed: an alert in pt-BR', async () => {
    restore = answering(() => ({ status: 500, body: { message: 'Erro interno do servidor.' } }));
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar os recebíveis. Tente novamente.');
  });

  test('nothing due: the empty lines', async () => {
    restore = answering(() => ({
      status: 200,
      body: { ...MONTH, expected: '0.00', received: '0.00', rows: [], unidentified: [], openDifferences: 0 },
    }));
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    expect(await screen.findByText('Nenhuma parcela vence neste mês.')).toBeTruthy();
    expect(screen.getByText('Nenhuma linha de extrato sem parcela neste mês.')).toBeTruthy();
  });

  test('a month: totals, the insurer row, the chart as text, a line to match, the CSV link', async () => {
    restore = answering((url) => {
      expect(url).toMatch(/^\/api\/receivables\/summary\?month=\d{4}-\d{2}$/);
      return { status: 200, body: MONTH };
    });
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    const row = await screen.findByRole('row', { name: /Porto Seguro/ });
    expect(within(row).getByText('R$ 250,00')).toBeTruthy();
    expect(within(row).getByText('-R$ 125,03')).toBeTruthy();
    expect(screen.getByRole('img', { name: /novembro de 2026: previsto R\$ 250,00, recebido R\$ 124,97/ })).toBeTruthy();
    const line = screen.getByRole('row', { name: /OUTRA-99/ });
    expect(within(line).getByRole('button', { name: 'Conciliar' })).toBeTruthy();
    expect(screen.getByText('Conciliado quando a diferença é de até R$ 0,05; não pago 10 dias após o vencimento.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href')).toMatch(/^\/api\/receivables\.csv\?month=/);
  });

  test('an insurer opened: its instalments a page at a time, the next page asked of the API', async () => {
    const instalment = (id: number): ReceivableInstalment => ({
      instalmentId: id,
      policyId: id,
      policyNumber: `AP-${id}`,
      contactId: null,
      contactName: `Cliente ${id}`,
      number: 1,
      dueDate: '2026-11-10',
      expected: '125.00',
      received: null,
      difference: null,
      status: 'pendente',
      lines: [],
    });
    const pages: string[] = [];
    restore = answering((url) => {
      if (!url.startsWith('/api/receivables/instalments')) return { status: 200, body: MONTH };
      const query = new URL(url, 'http://x').searchParams;
      pages.push(`${query.get('insurerId')}:${query.get('page')}`);
      const page = Number(query.get('page'));
      const body: ListPage<ReceivableInstalment> = {
        items: page === 1 ? Array.from({ length: 50 }, (_, index) => instalment(index + 1)) : [instalment(51)],
        total: 51,
        page,
        pageSize: 50,
      };
      return { status: 200, body };
    });
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver parcelas' }));
    const section = await screen.findByRole('region', { name: 'Parcelas de Porto Seguro' });
    expect(await within(section).findByText('51 parcelas')).toBeTruthy();
    expect(within(section).getByText('AP-50')).toBeTruthy();
    expect(within(section).getByText('Página 1 de 2')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Próxima' }));
    expect(await within(section).findByText('AP-51')).toBeTruthy();
    expect(pages).toEqual(['3:1', '3:2']);
  });

  test('the month by its pt-BR name, the previous and next one a click away: each asks the API for its month', async () => {
    const asked: string[] = [];
    restore = answering((url) => {
      asked.push(new URL(url, 'http://x').searchParams.get('month')!);
      return { status: 200, body: MONTH };
    });
    render(withShell(<ReceivablesPanel />, { as: 'owner' }));
    const month = screen.getByRole('combobox', { name: 'Mês' });
    expect(within(month).getByRole('option', { selected: true }).textContent).toBe(monthName(thisMonth()));
    fireEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(within(month).getByRole('option', { selected: true }).textContent).toBe(monthName(shiftMonth(thisMonth(), -1)));
    fireEvent.change(month, { target: { value: '2025-03' } });
    expect(within(month).getByRole('option', { selected: true }).textContent).toBe('março de 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([thisMonth(), shiftMonth(thisMonth(), -1), '2025-03', '2025-04'])));
  });
});

describe('shiftMonth', () => {
  test('crosses years both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', -60)).toBe('2021-11');
  });
});
