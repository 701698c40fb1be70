import {
  formatDate,
  formatCount,
  formatMoney,
  wireToCents,
  type RepasseKind,
  type RepasseLine,
  type RepasseMonth,
} from '@corretora/contracts';
import { apiErrorMessage, useCurrentUser } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Body1, Button, Caption1, Field, Subtitle2, Title3 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { Select } from '@corretora/web-kit/fluent/select';
import { ConfirmDialog, DataTable, QueryState, useNotify, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { MonthField, thisMonth } from '../../../components/month-field';
import { repasseCsvUrl, repasseStatementUrl, useCloseRepasseMonth, useRepasse } from '../api/repasse-api';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, marginTop: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))', gap: tokens.spacingHorizontalM },
  card: { gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3 },
  cell: { overflowWrap: 'anywhere' },
  negative: { color: tokens.colorPaletteRedForeground1 },
});

const KIND_LABELS: Record<RepasseKind, string> = { repasse: 'Repasse', estorno: 'Estorno', ajuste: 'Ajuste' };
const KIND_COLOURS: Record<RepasseKind, 'success' | 'danger' | 'warning'> = { repasse: 'success', estorno: 'danger', ajuste: 'warning' };
const MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T12:00:00Z`));
const percent = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/**
 * 'Repasse' (Comissões): what each producer and angariador is owed of the commission received in a
 * month — the lines (received × share × rule), the total per participant, the CSV and each member's
 * PDF statement; owners and admins close the month. A producer sees only their own lines.
 */
export default function RepassePanel() {
  const styles = useStyles();
  const notify = useNotify();
  const team = useTeam();
  const [month, setMonth] = useState(thisMonth);
  // '' everyone; a member's id; 'a:<name>' an angariador without a login (their statement).
  const [chosen, setChosen] = useState('');
  const angariador = chosen.startsWith('a:') ? chosen.slice(2) : null;
  const memberId = angariador === null ? chosen : '';
  // Closing asks once; this month, before it ends, asks a second time.
  const [closing, setClosing] = useState<'ask' | 'early' | null>(null);
  const query = { month, memberId };
  const repasse = useRepasse(query);
  const who = (line: Participant) =>
    line.memberId ? (team.nameOf(line.memberId) ?? 'Membro da equipe') : `${line.participantName ?? 'Angariador'} (angariador)`;
  const close = useCloseRepasseMonth(month, {
    onClosed: (closed) => {
      notify.success(`Mês fechado: ${monthLabel(closed.month)}, ${formatMoney(wireToCents(closed.total))} de repasse.`);
      setClosing(null);
    },
    onFailed: (error) => notify.error('Não foi possível fechar o mês.', apiErrorMessage(error, '')),
  });
  // A statement per member: a producer's own, or the member chosen in the filter.
  const { user } = useCurrentUser();
  const statementMember = team.seesEveryone ? memberId : (user?.id ?? '');
  const statementQuery = angariador !== null ? { month, angariador } : statementMember ? { month, memberId: statementMember } : null;
  // The month's angariadores without a login, as its lines name them (the query keeps the last answer while a filter loads).
  const angariadores = [
    ...new Set(
      (repasse.data?.byParticipant ?? []).flatMap((row) => (row.memberId === null && row.participantName ? [row.participantName] : [])),
    ),
  ];

  return (
    <div className={styles.panel} role="tabpanel" aria-label="Repasse">
      <div className={styles.toolbar}>
        <MonthField month={month} onChange={setMonth} />
        {team.seesEveryone && (
          <Field label="Participante">
            <Select value={chosen} onChange={(_event, data) => setChosen(data.value)}>
              <option value="">Todos</option>
              {/* A member disabled since is still paid for the months they worked. */}
              {team.joined.map((member) => (
                <option key={member.id} value={member.id}>
                  {`${member.name ?? member.email}${member.status === 'disabled' ? ' (desativado)' : ''}`}
                </option>
              ))}
              {angariadores.map((name) => (
                <option key={`a:${name}`} value={`a:${name}`}>
                  {`${name} (angariador)`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Button as="a" href={repasseCsvUrl(query)} download>
          Exportar CSV
        </Button>
        {statementQuery && (
          <Button as="a" href={repasseStatementUrl(statementQuery)} download>
            Demonstrativo em PDF
          </Button>
        )}
        {team.manager && repasse.data && !repasse.data.closed && (
          <Button appearance="primary" onClick={() => setClosing('ask')}>
            Fechar o mês
          </Button>
        )}
      </div>
      <QueryState query={repasse} loading="Carregando repasse..." error="Não foi possível carregar o repasse. Tente novamente.">
        {(data) => <MonthRepasse data={data} who={who} />}
      </QueryState>
      <ConfirmDialog
        open={closing === 'ask'}
        title={`Fechar ${monthLabel(month)}?`}
        message="Os lançamentos deste mês e dos anteriores não mudam mais. Alterações posteriores (um extrato desfeito, uma divisão editada) viram ajustes no próximo mês em aberto."
        confirmLabel="Fechar o mês"
        busy={close.isPending}
        onConfirm={() => (month >= thisMonth() ? setClosing('early') : close.mutate(false))}
        onOpenChange={(open) => setClosing(open ? 'ask' : null)}
      />
      <ConfirmDialog
        open={closing === 'early'}
        title={`${monthLabel(month)} ainda não terminou`}
        message="Comissões conciliadas até o fim do mês entram como ajuste no próximo mês em aberto. Fechar mesmo assim?"
        confirmLabel="Fechar antes do fim"
        busy={close.isPending}
        onConfirm={() => close.mutate(true)}
        onOpenChange={(open) => setClosing(open ? 'early' : null)}
      />
    </div>
  );
}

/** Who a line pays: a member, or an angariador without a login. */
type Participant = { memberId: string | null; participantName: string | null };

/** A month's repasse: its figures, the total per participant and each line. */
function MonthRepasse({ data, who }: { data: RepasseMonth; who: (line: Participant) => string }) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.cards}>
        <Card className={styles.card}>
          <Caption1 className={styles.label}>{`Repasse de ${monthLabel(data.month)}`}</Caption1>
          <Title3 as="p">{formatMoney(wireToCents(data.total))}</Title3>
        </Card>
        <Card className={styles.card}>
          <Caption1 className={styles.label}>Situação</Caption1>
          <Title3 as="p">{data.closed ? 'Fechado' : 'Em aberto'}</Title3>
          {data.closedUntil && <Caption1>{`Fechado até ${monthLabel(data.closedUntil)}`}</Caption1>}
        </Card>
        <Card className={styles.card}>
          <Caption1 className={styles.label}>Lançamentos</Caption1>
          <Title3 as="p">{formatCount(data.count)}</Title3>
        </Card>
      </div>
      {data.byParticipant.length > 0 && (
        <section aria-label="Total por participante">
          <Subtitle2 as="h3">Total por participante</Subtitle2>
          <DataTable
            label="Total por participante"
            rows={data.byParticipant}
            rowKey={(row) => row.memberId ?? `a:${row.participantName}`}
            empty="Nenhum repasse."
            columns={[
              { header: 'Participante', className: styles.cell, cell: (row) => who(row) },
              { header: 'Lançamentos', cell: (row) => formatCount(row.lines) },
              { header: data.closed ? 'Pago no fechamento' : 'A pagar', cell: (row) => formatMoney(wireToCents(row.total)) },
            ]}
          />
        </section>
      )}
      <section aria-label="Lançamentos do mês">
        <Subtitle2 as="h3">Lançamentos do mês</Subtitle2>
        {data.count > data.rows.length && (
          <Body1>{`Mostrando ${formatCount(data.rows.length)} de ${formatCount(data.count)}: o CSV traz todos.`}</Body1>
        )}
        <DataTable<RepasseLine>
          label="Lançamentos de repasse"
          keyboardScroll
          rows={data.rows}
          rowKey={(line) => line.id}
          empty="Nenhum repasse neste mês: ele nasce quando uma comissão é conciliada num extrato."
          columns={[
            { header: 'Participante', className: styles.cell, cell: (line) => who(line) },
            { header: 'Apólice', className: styles.cell, cell: (line) => line.policyNumber ?? '—' },
            { header: 'Parcela', cell: (line) => line.instalment ?? '—' },
            { header: 'Pago em', cell: (line) => (line.paidOn ? formatDate(line.paidOn) : '—') },
            { header: 'Cliente', className: styles.cell, cell: (line) => line.contactName ?? '—' },
            {
              header: 'Tipo',
              cell: (line) => (
                <Badge appearance="tint" color={KIND_COLOURS[line.kind]}>
                  {KIND_LABELS[line.kind]}
                </Badge>
              ),
            },
            { header: 'Comissão recebida', cell: (line) => formatMoney(wireToCents(line.base)) },
            { header: 'Participação', cell: (line) => percent(line.share) },
            { header: 'Regra', cell: (line) => percent(line.percent) },
            {
              header: 'Repasse',
              cell: (line) => (
                <span className={line.amount.startsWith('-') ? styles.negative : undefined}>{formatMoney(wireToCents(line.amount))}</span>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
