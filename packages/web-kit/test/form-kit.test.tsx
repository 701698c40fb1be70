import { maskCpf } from '@corretora/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { ApiError } from '../src/api/api-client';
import { CheckboxField } from '../src/ui/form/checkbox-field';
import { CpfField, DateField, MoneyField, TextField } from '../src/ui/form/fields';
import { SelectField } from '../src/ui/form/select-field';
import { useFormErrors } from '../src/ui/form/use-form-errors';
import { useSchemaForm } from '../src/ui/form/use-schema-form';

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Nome é obrigatório')),
  cpf: v.pipe(
    v.string(),
    v.transform((value) => value.replace(/\D/g, '')),
    v.length(11, 'CPF inválido'),
  ),
  start: v.pipe(v.string(), v.regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Data inválida')),
  premium: v.pipe(
    v.nullable(v.number()),
    v.check((cents) => cents !== null, 'Prêmio é obrigatório'),
  ),
  kind: v.picklist(['auto', 'life'], 'Escolha um tipo'),
  active: v.boolean(),
});

function Harness({ onSubmit, serverError }: { onSubmit: (output: v.InferOutput<typeof Schema>) => void; serverError?: unknown }) {
  const form = useSchemaForm(Schema, {
    defaultValues: { name: '', cpf: '', start: '', premium: null, kind: 'auto', active: false },
  });
  const onError = useFormErrors(form.setError);
  return (
    <form noValidate onSubmit={form.handleSubmit((output) => (serverError ? onError(serverError, 'Erro') : onSubmit(output)))}>
      <TextField control={form.control} name="name" label="Nome" required />
      <CpfField control={form.control} name="cpf" label="CPF" />
      <DateField control={form.control} name="start" label="Início" />
      <MoneyField control={form.control} name="premium" label="Prêmio" />
      <SelectField
        control={form.control}
        name="kind"
        label="Tipo"
        options={[
          { value: 'auto', label: 'Auto' },
          { value: 'life', label: 'Vida' },
        ]}
      />
      <CheckboxField control={form.control} name="active" label="Ativo" />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('form kit', () => {
  test('typing fills every kind of field; the submit receives the schema output', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Nome/ }), 'Ana Souza');
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '52998224725');
    await user.type(screen.getByRole('textbox', { name: 'Início' }), '31122027');
    await user.type(screen.getByRole('textbox', { name: 'Prêmio' }), '123456');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'life');
    await user.click(screen.getByRole('checkbox', { name: 'Ativo' }));
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveProperty('value', '529.982.247-25');
    expect(screen.getByRole('textbox', { name: 'Início' })).toHaveProperty('value', '31/12/2027');
    expect(screen.getByRole('textbox', { name: 'Prêmio' })).toHaveProperty('value', '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Ana Souza',
      cpf: '52998224725',
      start: '31/12/2027',
      premium: 123456,
      kind: 'life',
      active: true,
    });
  });

  test('masked fields set inputMode and autoComplete for phones and keyboards', () => {
    render(<Harness onSubmit={jest.fn()} />);
    expect(screen.getByRole('textbox', { name: 'CPF' }).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('textbox', { name: 'Início' }).getAttribute('placeholder')).toBe('dd/mm/aaaa');
  });

  test('editing the middle of a CPF keeps the caret where the broker types', async () => {
    render(<Harness onSubmit={jest.fn()} />);
    const cpf = screen.getByRole('textbox', { name: 'CPF' }) as HTMLInputElement;
    fireEvent.change(cpf, { target: { value: '529.982.247-25' } });
    // The broker puts the caret after "529.9" and types 1: the raw text is "529.9182.247-25".
    act(() => {
      cpf.focus();
    });
    fireEvent.change(cpf, { target: { value: '529.9182.247-25', selectionStart: 6, selectionEnd: 6 } });
    expect(cpf.value).toBe(maskCpf('529918224725'));
    expect(cpf.selectionStart).toBe(6);
  });

  test('schema errors show under their fields; a server error lands on its field and the rest is toasted', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness onSubmit={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    expect(screen.getByText('CPF inválido')).toBeTruthy();
    expect(screen.getByText('Prêmio é obrigatório')).toBeTruthy();
    unmount();

    const body = { message: 'Já existe.', issues: [{ path: 'name', message: 'Este nome já existe.' }] };
    const serverError = new ApiError(409, JSON.stringify(body), body);
    render(<Harness onSubmit={jest.fn()} serverError={serverError} />);
    await user.type(screen.getByRole('textbox', { name: /Nome/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '52998224725');
    await user.type(screen.getByRole('textbox', { name: 'Início' }), '31122027');
    await user.type(screen.getByRole('textbox', { name: 'Prêmio' }), '1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este nome já existe.')).toBeTruthy();
  });
});
