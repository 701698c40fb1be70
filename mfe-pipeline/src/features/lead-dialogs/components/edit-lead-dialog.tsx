import {
  ANNUAL_PREMIUM_MAX_CENTS,
  LeadEditFormSchema,
  NEXT_ACTION_TYPES,
  NOTE_MAX_LENGTH,
  STAGE_KEYS,
  choiceOf,
  formatDate,
  saoPauloDay,
  type PipelineCard,
  type StageKey,
} from '@corretora/contracts';
import { CpfField, MoneyField, PhoneField, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Field, Input, Spinner, Text } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Link } from '@corretora/web-kit';
import { ArchiveRegular } from '@fluentui/react-icons';
import { useState, type KeyboardEvent } from 'react';
import { contactFormValues } from '../../../lib/contact-form';
import { FormDialog } from '@corretora/web-kit/ui';
import { useUpdateContact } from '../../../lib/contact-api';
import { useContact } from '../api/lead-api';
import { optionsOf, useReferenceNames } from '../../../lib/reference-names';
import { stageLabel } from '../../../config/stages';
import { ConversationLine } from '../../../components/conversation-link';

const useStyles = makeStyles({
  notes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '180px',
    overflowY: 'auto',
  },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  pending: { color: tokens.colorBrandForeground1 },
  adder: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
  work: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  late: { color: tokens.colorPaletteRedForeground1 },
  workActions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const DAY_MS = 86_400_000;
const typeLabel = (type: string) => NEXT_ACTION_TYPES.find((option) => option.value === type)?.label ?? type;

/** What the broker works the card from: where it stands, what comes next (red when late), the client, and the actions. */
function CardWork({
  card,
  now,
  onMove,
  onNextAction,
  onHistory,
}: {
  card: PipelineCard;
  now: number;
  onMove: (stage: StageKey) => void;
  onNextAction: () => void;
  onHistory: () => void;
}) {
  const styles = useStyles();
  const { data, member } = useReferenceNames();
  const stages = data?.pipelineStages;
  const owner = member(card.responsibleId);
  const days = Math.max(0, Math.floor((now - Date.parse(card.stageEnteredAt)) / DAY_MS));
  const next = card.nextAction;
  const late = next !== null && saoPauloDay(next.dueAt) < saoPauloDay(now);
  const phone = card.contact.phone;
  return (
    <section className={styles.work} aria-label="Andamento do negócio">
      <Text>{`Em ${stageLabel(card.stage, stages)} há ${days === 1 ? '1 dia' : `${days} dias`}`}</Text>
      {owner ? <Text>{`Responsável: ${owner}`}</Text> : null}
      <Text className={late ? styles.late : undefined}>
        {next
          ? `Próxima ação: ${typeLabel(next.type)} em ${formatDate(saoPauloDay(next.dueAt))}${late ? ' (atrasada)' : ''}${next.note ? ` — ${next.note}` : ''}`
          : 'Sem próxima ação'}
      </Text>
      <ConversationLine contactId={card.contactId} />
      <div className={styles.workActions}>
        <Link to={`/contacts/${card.contactId}`}>Ficha do cliente</Link>
        <Link to={`/pipeline/${card.id}`}>Cotações e item segurado</Link>
        {phone ? (
          <Button as="a" size="small" href={`tel:+55${phone}`}>
            Ligar
          </Button>
        ) : null}
        <Button size="small" onClick={onHistory}>
          Histórico e WhatsApp
        </Button>
        <Button size="small" onClick={onNextAction}>
          Próxima ação
        </Button>
        <Select
          size="small"
          aria-label="Mover para…"
          value=""
          onChange={(_event, option) => {
            const target = choiceOf(option.value, STAGE_KEYS);
            if (target) onMove(target);
          }}
        >
          <option value="">Mover para…</option>
          {STAGE_KEYS.filter((key) => key !== card.stage).map((key) => (
            <option key={key} value={key}>
              {stageLabel(key, stages)}
            </option>
          ))}
        </Select>
      </div>
    </section>
  );
}

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Edit lead: the contact's fields, the annual premium rules, notes added with Enter or Confirmar. */
export function EditLeadDialog({
  card,
  onClose,
  onArchive,
  onNextAction,
  onHistory,
  onMove,
  now,
}: {
  card: PipelineCard;
  /** The board's minute clock (days in stage, a late next action). */
  now: number;
  onClose: () => void;
  /** 'Mover para…': the card to another stage (Finalizado opens the finalize form). */
  onMove: (card: PipelineCard, stage: StageKey) => void;
  onArchive: (card: PipelineCard) => void;
  /** 'Próxima ação': when and what comes next for this card. */
  onNextAction: (card: PipelineCard) => void;
  /** 'Histórico': the contact's timeline, where a call or a meeting is logged (it warms the card up). */
  onHistory: (card: PipelineCard) => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const { data } = useReferenceNames();
  const contact = useContact(card.contactId);
  const update = useUpdateContact();
  const [draft, setDraft] = useState('');
  const c = card.contact;
  const { control, handleSubmit, setError, watch, setValue } = useSchemaForm(LeadEditFormSchema, {
    defaultValues: {
      ...contactFormValues(c),
      notes: [],
    },
  });
  const onError = useFormErrors(setError);
  const pending = watch('notes') ?? [];

  const addNote = () => {
    const text = draft.trim();
    if (!text) return;
    setValue('notes', [...pending, text.slice(0, NOTE_MAX_LENGTH)]);
    setDraft('');
  };
  const onNoteKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the note; it never submits the whole form.
      event.preventDefault();
      addNote();
    } else if (event.key === 'Escape' && draft) {
      // Escape cancels the note being typed, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setDraft('');
    }
  };

  const submit = handleSubmit((values) => {
    update.mutate(
      { id: card.contactId, contact: { ...values, cardId: card.id } },
      {
        onSuccess: () => {
          notify.success('Lead atualizado');
          onClose();
        },
        onError: (error) => onError(error, 'Falha ao atualizar lead'),
      },
    );
  });

  return (
    <FormDialog
      title="Editar Lead"
      submitLabel="Salvar Alterações"
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      extraActions={
        <Button appearance="subtle" icon={<ArchiveRegular />} onClick={() => onArchive(card)} disabled={update.isPending}>
          Arquivar
        </Button>
      }
    >
      <CardWork
        card={card}
        now={now}
        onMove={(stage) => onMove(card, stage)}
        onNextAction={() => onNextAction(card)}
        onHistory={() => onHistory(card)}
      />
      <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
      <TextField control={control} name="email" label="E-mail" type="email" maxLength={100} />
      <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
      <CpfField control={control} name="cpf" label="CPF" />
      <SelectField
        control={control}
        name="productId"
        label="Tipo de seguro"
        options={optionsOf(data?.products, c.productId)}
        emptyLabel="Não especificado"
      />
      <SelectField
        control={control}
        name="leadSourceId"
        label="Origem do lead"
        options={optionsOf(data?.leadSources, c.leadSourceId)}
        emptyLabel="Não especificado"
      />
      <MoneyField
        control={control}
        name="annualPremium"
        label="Prêmio anual"
        maxCents={ANNUAL_PREMIUM_MAX_CENTS}
        hint="Até R$ 1.000.000,00"
      />
      <div className={styles.notes}>
        <Text weight="semibold">Notas</Text>
        {contact.isLoading ? <Spinner size="tiny" label="Carregando notas..." /> : null}
        <ul className={styles.list} aria-label="Notas do lead">
          {contact.data?.notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <Caption1>{DATE_TIME.format(new Date(note.createdAt))}</Caption1> — {note.content}
            </li>
          ))}
          {pending.map((note, index) => (
            <li key={`pending-${index}`} className={styles.note}>
              <Caption1 className={styles.pending}>Nova (salva ao clicar em Salvar Alterações)</Caption1> — {note}
            </li>
          ))}
          {contact.data && contact.data.notes.length === 0 && pending.length === 0 ? (
            <li>
              <Caption1>Nenhuma nota ainda.</Caption1>
            </li>
          ) : null}
        </ul>
        <div className={styles.adder}>
          <Field label="Adicionar nota" className={styles.grow} hint="Enter adiciona; Esc cancela">
            <Input value={draft} maxLength={NOTE_MAX_LENGTH} onChange={(_event, value) => setDraft(value.value)} onKeyDown={onNoteKey} />
          </Field>
          <Button onClick={addNote} disabled={!draft.trim()}>
            Confirmar
          </Button>
        </div>
      </div>
    </FormDialog>
  );
}
