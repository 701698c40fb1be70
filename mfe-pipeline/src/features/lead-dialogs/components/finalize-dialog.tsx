import {
  ANNUAL_PREMIUM_MAX_CENTS,
  COMMISSION_PERCENT_MAX_HUNDREDTHS,
  DOCUMENT_TYPES,
  FINALIZE_MONEY_MAX_CENTS,
  FinalizeFormSchema,
  centsToWire,
  formatDate,
  formatMoney,
  formatPercent,
  parseDate,
  lineLabel,
  suggestIof,
  wireToCents,
  type PipelineCard,
} from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import {
  CpfField,
  DateField,
  MoneyField,
  PhoneField,
  SelectField,
  TextField,
  useFormErrors,
  useNotify,
  useSchemaForm,
  useTeam,
} from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Field, Input } from '@corretora/web-kit/fluent/core';
import { useEffect, useRef } from 'react';
import { contactFormValues } from '../../../lib/contact-form';
import { FormDialog } from '@corretora/web-kit/ui';
import { useUpdateContact } from '../../../lib/contact-api';
import { useFinalize } from '../api/lead-api';
import { optionsOf, useReferenceNames } from '../../../lib/reference-names';
import { DisclosureNotice } from '../../../components/disclosure-notice';

const useStyles = makeStyles({
  // Start-aligned: a field with a hint (IOF, total) must not stretch its row neighbour's input.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingVerticalM, alignItems: 'start' },
});

/** The end date one year after a start date (29/02 becomes 28/02 of the next year). */
function oneYearLater(iso: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(year + 1, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

const cents = (wire: string | null) => (wire === null ? null : wireToCents(wire));

/**
 * The finalize-policy form: the lead's data and the sale's. Saving patches the contact,
 * then finalizes the card (confirm-issuance with a body), which moves it to Finalizado.
 */
/** The spec's words (§8) when the card names no contact: nothing is sent. */
export const CONTACT_ID_NOT_FOUND = 'Contact ID not found';

export function FinalizeDialog({ card, onClose }: { card: PipelineCard; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const team = useTeam();
  const { data } = useReferenceNames();
  const updateContact = useUpdateContact();
  const finalize = useFinalize();
  const c = card.contact;
  const { control, handleSubmit, setError, watch, setValue, getValues } = useSchemaForm(FinalizeFormSchema, {
    defaultValues: {
      ...contactFormValues(c),
      insurerId: card.insurerId === null ? '' : String(card.insurerId),
      startDate: formatDate(card.startDate),
      endDate: formatDate(card.endDate),
      premioLiquido: cents(card.premioLiquido),
      iof: cents(card.iof),
      juros: cents(card.juros),
      commissionPercentage: cents(card.commissionPercentage),
      commissionAmount: cents(card.commissionAmount),
      documentType: card.documentType ?? '',
    },
  });
  const onError = useFormErrors(setError);

  // Entering the start date fills the end date one year later.
  const startDate = watch('startDate');
  const lastStart = useRef(startDate);
  useEffect(() => {
    if (startDate === lastStart.current) return;
    lastStart.current = startDate;
    const iso = startDate ? parseDate(startDate) : null;
    if (iso) setValue('endDate', formatDate(oneYearLater(iso)), { shouldValidate: false });
  }, [startDate, setValue]);

  const [premio, iof, juros, productId] = watch(['premioLiquido', 'iof', 'juros', 'productId']);
  const total = (premio ?? 0) + (iof ?? 0) + (juros ?? 0);

  // The IOF suggested by the product's line (or its own rate): filled in while the field is empty
  // or still holds the last suggestion; a value the broker typed is never overwritten.
  const product = data?.products.find((candidate) => String(candidate.id) === productId);
  const suggestion = suggestIof(product, premio ?? null);
  const lastSuggested = useRef<number | null>(null);
  useEffect(() => {
    if (suggestion.cents === null) return;
    const current = getValues('iof');
    if (current !== null && current !== lastSuggested.current) return;
    lastSuggested.current = suggestion.cents;
    if (current !== suggestion.cents) setValue('iof', suggestion.cents, { shouldValidate: false });
  }, [suggestion.cents, getValues, setValue]);
  const iofHint = `Sugestão: ${formatPercent(suggestion.rateHundredths)} (${suggestion.source === 'product' ? 'alíquota do produto' : `ramo ${lineLabel(product?.line ?? 'empresarial')}`})${
    suggestion.cents === null ? ' do prêmio líquido' : ` = ${formatMoney(suggestion.cents)}`
  }`;
  const busy = updateContact.isPending || finalize.isPending;

  const submit = handleSubmit(async (form) => {
    try {
      await updateContact.mutateAsync({
        id: card.contactId,
        contact: {
          name: form.name,
          email: form.email,
          phone: form.phone,
          cpf: form.cpf,
          productId: form.productId,
          leadSourceId: form.leadSourceId,
          annualPremium: form.annualPremium,
          cardId: card.id,
          notes: [],
        },
      });
      await finalize.mutateAsync({
        id: card.id,
        sale: {
          insurerId: form.insurerId,
          startDate: form.startDate,
          endDate: form.endDate,
          premioLiquido: centsToWire(form.premioLiquido),
          iof: centsToWire(form.iof),
          juros: form.juros === null ? null : centsToWire(form.juros),
          totalPremium: centsToWire(form.premioLiquido + form.iof + (form.juros ?? 0)),
          commissionPercentage: form.commissionPercentage === null ? null : centsToWire(form.commissionPercentage),
          commissionAmount: form.commissionAmount === null ? null : centsToWire(form.commissionAmount),
          documentType: form.documentType === '' ? null : form.documentType,
        },
      });
      notify.success('Política finalizada com sucesso!');
      onClose();
    } catch (error) {
      onError(error, 'Falha ao finalizar política.', apiErrorMessage(error, ''));
    }
  });

  return (
    <FormDialog
      title="Finalizar Venda"
      submitLabel="Finalizar"
      busy={busy}
      onSubmit={(event) => {
        if (card.contactId) return submit(event);
        event.preventDefault();
        notify.error('Falha ao finalizar política.', CONTACT_ID_NOT_FOUND);
      }}
      onClose={onClose}
    >
      <DisclosureNotice cardId={card.id} />
      <div className={styles.grid}>
        <TextField control={control} name="name" label="Nome" required maxLength={100} autoComplete="off" />
        <TextField control={control} name="email" label="E-mail" type="email" maxLength={100} />
        <PhoneField control={control} name="phone" label="Telefone" hint="Celular ou fixo, com DDD" required />
        <CpfField control={control} name="cpf" label="CPF" />
        <SelectField control={control} name="productId" label="Tipo de seguro" required options={optionsOf(data?.products, c.productId)} />
        <SelectField
          control={control}
          name="leadSourceId"
          label="Origem do lead"
          required
          options={optionsOf(data?.leadSources, c.leadSourceId)}
        />
        <MoneyField control={control} name="annualPremium" label="Prêmio anual" maxCents={ANNUAL_PREMIUM_MAX_CENTS} />
        <SelectField control={control} name="insurerId" label="Seguradora" required options={optionsOf(data?.insurers, card.insurerId)} />
        <DateField control={control} name="startDate" label="Início da vigência" required />
        <DateField control={control} name="endDate" label="Fim da vigência" required />
        <MoneyField control={control} name="premioLiquido" label="Prêmio líquido" required maxCents={FINALIZE_MONEY_MAX_CENTS} />
        <MoneyField control={control} name="iof" label="IOF" required maxCents={FINALIZE_MONEY_MAX_CENTS} hint={iofHint} />
        <MoneyField control={control} name="juros" label="Juros" maxCents={FINALIZE_MONEY_MAX_CENTS} />
        <Field label="Prêmio total" hint="Prêmio líquido + IOF + juros">
          <Input value={formatMoney(total)} readOnly aria-readonly="true" />
        </Field>
        {/* An assistant sees no commission: the card keeps what the producer or a manager set. */}
        {team.money ? (
          <>
            <MoneyField
              control={control}
              name="commissionPercentage"
              label="Comissão (%)"
              unit="percent"
              maxCents={COMMISSION_PERCENT_MAX_HUNDREDTHS}
            />
            <MoneyField
              control={control}
              name="commissionAmount"
              label="Valor da comissão"
              maxCents={FINALIZE_MONEY_MAX_CENTS}
              hint="Em branco: calculado pela porcentagem"
            />
          </>
        ) : null}
        <SelectField control={control} name="documentType" label="Tipo de documento" options={DOCUMENT_TYPES} emptyLabel="Não informado" />
      </div>
    </FormDialog>
  );
}
