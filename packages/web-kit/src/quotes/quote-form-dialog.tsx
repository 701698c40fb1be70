import {
  DEDUCTIBLE_KINDS,
  FINANCE_OPERATIONS as OPS,
  INSURANCE_LINES,
  QUOTE_MONEY_MAX_CENTS,
  QUOTE_NOTE_MAX,
  QuoteFormSchema,
  centsToWire,
  formatDate,
  wireToCents,
  type BodyInputOf,
  type LineKey,
  type Quote,
  type QuoteFormOutput,
  type QuoteFormValues,
} from '@corretora/contracts';
import { apiErrorMessage, useOperation } from '@corretora/web-kit';
import { Button, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { CheckboxField } from '../ui/form/checkbox-field';
import { DateField, MoneyField, TextField } from '../ui/form/fields';
import { SelectField } from '../ui/form/select-field';
import { TextareaField } from '../ui/form/textarea-field';
import { useFormErrors } from '../ui/form/use-form-errors';
import { useSchemaForm } from '../ui/form/use-schema-form';
import { FormDialog } from '../ui/form-dialog';
import { useNotify } from '../ui/notify';

/** What a quote's form sends: a deal's new quote, an edit, or a renewal's quote (the same shape). */
export type QuoteBody = BodyInputOf<typeof OPS.createCardQuote>;

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingVerticalM, alignItems: 'start' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.3fr) minmax(0, 1.3fr)',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    // Fluent's inputs keep a minimum width of their own: in a narrow dialog the columns shrink them (no
    // Fluent class name here: a remote carries none, the size check looks for them).
    '& *': { minWidth: 0 },
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  payment: {
    display: 'grid',
    gridTemplateColumns: '90px minmax(0, 1fr) auto auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    '& *': { minWidth: 0 },
  },
});

const LINE_CHOICES = INSURANCE_LINES.map((line) => ({ value: line.key, label: line.label }));
const INSTALMENT_CHOICES = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: index === 0 ? 'À vista' : `${index + 1}x`,
}));

const cents = (wire: string | null | undefined) => (wire ? wireToCents(wire) : null);
const wire = (value: number | null) => (value === null ? null : centsToWire(value));

type CoverageValue = QuoteFormValues['coverages'][number];

/** The line's usual coverages, each with what the quote already says of it, then the quote's own. */
function coverageRows(listed: readonly { key: string; label: string }[], quote: Quote | undefined): CoverageValue[] {
  const own = quote?.coverages ?? [];
  const rows = listed.map((coverage) => {
    const found = own.find((candidate) => candidate.key === coverage.key);
    return {
      key: coverage.key,
      label: coverage.label,
      included: found !== undefined,
      limit: cents(found?.limit),
      detail: found?.detail ?? '',
    };
  });
  const extra = own
    .filter((coverage) => !listed.some((candidate) => candidate.key === coverage.key))
    .map((coverage) => ({
      key: coverage.key,
      label: coverage.label,
      included: true,
      limit: cents(coverage.limit),
      detail: coverage.detail ?? '',
    }));
  return [...rows, ...extra];
}

function initialValues(line: LineKey, from: Quote | undefined, copy: boolean): QuoteFormValues {
  return {
    // A copy keeps the figures to change and asks for the next insurer.
    insurerId: from && !copy ? String(from.insurerId) : '',
    line: from?.line ?? line,
    totalPremium: cents(from?.totalPremium),
    netPremium: cents(from?.netPremium),
    iof: cents(from?.iof),
    commissionPercent: cents(from?.commissionPercent),
    validUntil: from?.validUntil ? formatDate(from.validUntil) : '',
    insurerQuoteNumber: copy ? '' : (from?.insurerQuoteNumber ?? ''),
    note: copy ? '' : (from?.note ?? ''),
    deductibleKind: from?.deductible?.kind ?? '',
    deductibleAmount: cents(from?.deductible?.amount),
    paymentOptions: (from?.paymentOptions ?? []).map((option) => ({
      instalments: String(option.instalments),
      amount: cents(option.amount),
      interest: option.interest,
    })),
    coverages: from ? coverageRows([], from) : [],
  };
}

/** The form's values as the API's body: money as text, only the coverages the quote includes. */
export function quoteBodyOf(form: QuoteFormOutput, withCommission: boolean): QuoteBody {
  return {
    insurerId: Number(form.insurerId),
    line: form.line,
    totalPremium: centsToWire(form.totalPremium),
    netPremium: wire(form.netPremium),
    iof: wire(form.iof),
    ...(withCommission ? { commissionPercent: wire(form.commissionPercent) } : {}),
    validUntil: form.validUntil,
    insurerQuoteNumber: form.insurerQuoteNumber,
    note: form.note,
    deductible: form.deductibleKind === '' ? null : { kind: form.deductibleKind, amount: wire(form.deductibleAmount) },
    paymentOptions: form.paymentOptions.map((option) => ({
      instalments: option.instalments,
      amount: centsToWire(option.amount),
      interest: option.interest,
    })),
    coverages: form.coverages
      .filter((coverage) => coverage.included)
      .map((coverage) => ({ key: coverage.key, label: coverage.label, limit: wire(coverage.limit), detail: coverage.detail })),
  };
}

/**
 * A quote typed from the insurer's calculation, for a deal or a renewal alike: new, edited, or copied
 * from another (the figures kept to change, the insurer and its number asked again), the line's
 * coverages pre-listed. `save` sends the body where the caller's quote belongs.
 */
export function QuoteFormDialog({
  line,
  quote,
  copy = false,
  title,
  submitLabel,
  saved,
  insurerOptions,
  money,
  save,
  onClose,
}: {
  /** The line a new quote starts on (the deal's product, the renewing policy's type). */
  line: LineKey;
  quote?: Quote;
  copy?: boolean;
  title: string;
  submitLabel: string;
  /** The toast once saved. */
  saved: string;
  insurerOptions: { value: string; label: string }[];
  /** The commission field is there for the roles that see money only. */
  money: boolean;
  save: (body: QuoteBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const { control, handleSubmit, setError, watch, getValues, setValue, formState } = useSchemaForm(QuoteFormSchema, {
    defaultValues: initialValues(line, quote, copy),
  });
  const onError = useFormErrors(setError);
  const payments = useFieldArray({ control, name: 'paymentOptions' });
  const coverages = useFieldArray({ control, name: 'coverages' });

  // The line's coverages, pre-listed; a change of line lists the new one's (keeping what was typed for a shared key).
  const chosenLine = watch('line');
  const listed = useOperation(OPS.lineCoverages, { params: { line: chosenLine } }, { staleTime: Infinity });
  const listedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!listed.data || listedFor.current === listed.data.line) return;
    listedFor.current = listed.data.line;
    const current = getValues('coverages');
    const kept = listed.data.coverages.map((coverage) => {
      const typed = current.find((candidate) => candidate.key === coverage.key);
      return typed ?? { key: coverage.key, label: coverage.label, included: false, limit: null, detail: '' };
    });
    const own = current.filter((candidate) => candidate.included && !kept.some((coverage) => coverage.key === candidate.key));
    setValue('coverages', [...kept, ...own]);
  }, [listed.data, getValues, setValue]);

  const busy = formState.isSubmitting;
  const submit = handleSubmit(async (form) => {
    try {
      await save(quoteBodyOf(form, money));
      notify.success(saved);
      onClose();
    } catch (error) {
      onError(error, 'Não foi possível salvar a cotação.', apiErrorMessage(error, ''));
    }
  });

  return (
    <FormDialog title={title} submitLabel={submitLabel} busy={busy} onSubmit={submit} onClose={onClose}>
      <div className={styles.grid}>
        <SelectField control={control} name="insurerId" label="Seguradora" required options={insurerOptions} />
        <SelectField control={control} name="line" label="Ramo" required options={LINE_CHOICES} />
        <MoneyField control={control} name="totalPremium" label="Prêmio total" required maxCents={QUOTE_MONEY_MAX_CENTS} />
        <MoneyField control={control} name="netPremium" label="Prêmio líquido" maxCents={QUOTE_MONEY_MAX_CENTS} />
        <MoneyField control={control} name="iof" label="IOF" maxCents={QUOTE_MONEY_MAX_CENTS} />
        {money ? (
          <MoneyField control={control} name="commissionPercent" label="Comissão oferecida (%)" unit="percent" maxCents={10_000} />
        ) : null}
        <DateField control={control} name="validUntil" label="Válida até" />
        <TextField control={control} name="insurerQuoteNumber" label="Nº da cotação na seguradora" maxLength={40} />
        <SelectField control={control} name="deductibleKind" label="Franquia" options={DEDUCTIBLE_KINDS} emptyLabel="Não informada" />
        <MoneyField control={control} name="deductibleAmount" label="Valor da franquia" maxCents={QUOTE_MONEY_MAX_CENTS} />
      </div>

      <section className={styles.section} aria-label="Formas de pagamento">
        <Text weight="semibold">Formas de pagamento</Text>
        {payments.fields.map((field, index) => (
          <div key={field.id} className={styles.payment}>
            <SelectField control={control} name={`paymentOptions.${index}.instalments`} label="Parcelas" options={INSTALMENT_CHOICES} />
            <MoneyField
              control={control}
              name={`paymentOptions.${index}.amount`}
              label="Valor da parcela"
              maxCents={QUOTE_MONEY_MAX_CENTS}
            />
            <CheckboxField control={control} name={`paymentOptions.${index}.interest`} label="Com juros" />
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`Remover forma de pagamento ${index + 1}`}
              onClick={() => payments.remove(index)}
            />
          </div>
        ))}
        {payments.fields.length < 12 ? (
          <Button
            appearance="secondary"
            icon={<AddRegular />}
            onClick={() =>
              payments.append({ instalments: String(Math.min(12, payments.fields.length + 1)), amount: null, interest: false })
            }
          >
            Adicionar forma de pagamento
          </Button>
        ) : null}
      </section>

      <section className={styles.section} aria-label="Coberturas">
        <Text weight="semibold">Coberturas</Text>
        <Caption1>Marque as coberturas da cotação e informe o limite (LMI) ou o detalhe (ex.: 100% FIPE, 15 dias).</Caption1>
        {coverages.fields.map((field, index) => (
          <div key={field.id} className={styles.row}>
            <CheckboxField control={control} name={`coverages.${index}.included`} label={field.label} />
            <MoneyField control={control} name={`coverages.${index}.limit`} label="Limite (LMI)" maxCents={QUOTE_MONEY_MAX_CENTS} />
            <TextField control={control} name={`coverages.${index}.detail`} label="Detalhe" maxLength={60} />
          </div>
        ))}
      </section>
      <TextareaField control={control} name="note" label="Observação" maxLength={QUOTE_NOTE_MAX} />
    </FormDialog>
  );
}
