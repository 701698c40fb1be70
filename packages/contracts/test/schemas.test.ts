import * as v from 'valibot';
import {
  ContactCreateSchema,
  ContactUpdateSchema,
  LeadCreateSchema,
  BrokerProfileSchema,
  BrokerProfileUpdateSchema,
  BrokerStep1Schema,
  BrokerStep2Schema,
  BrokerStep3Schema,
  BrokerStep4Schema,
  CompletionSchema,
  ForgotPasswordSchema,
  InsurerCreateSchema,
  LoginSchema,
  ProductCreateSchema,
  ProductFormSchema,
  ProductUpdateSchema,
  RegisterSchema,
  ResetPasswordSchema,
  issuesToFieldErrors,
  TaskCreateSchema,
  TaskEditSchema,
  suggestIof,
  parseLine,
  policyTypeOfLine,
  LINE_KEYS,
  INSURANCE_TYPES,
} from '../src';

function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  return Object.fromEntries(issuesToFieldErrors(result.issues).map((issue) => [issue.path, issue.message]));
}

const PROFILE = {
  name: 'Ana Souza',
  email: 'Ana@Corretora.test',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  companyName: 'Souza Corretora Ltda',
  tradingName: 'Souza Seguros',
  cnpj: '11.222.333/0001-81',
  businessType: '',
  address: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310-100',
  complement: 'Sala 42',
  noComplement: false,
  susepNumber: '12345678-9',
  susepExpiry: '31/12/2027',
  susepCategory: 'danos_pessoas',
  website: '',
  insuranceTypes: ['auto', 'vida'],
  experience: '3-5',
  monthlyPolicies: '20',
};

describe('authentication schemas', () => {
  test.each([
    [LoginSchema, {}, { email: 'Email é obrigatório', password: 'Senha é obrigatória' }],
    [LoginSchema, { email: '', password: '' }, { email: 'Email é obrigatório', password: 'Senha é obrigatória' }],
    [LoginSchema, { email: 'nao-e-email', password: 'x' }, { email: 'Email inválido' }],
    [
      RegisterSchema,
      { name: ' ', email: 'a@b.co', password: '1234567' },
      { name: 'Nome é obrigatório', password: 'Senha deve ter pelo menos 8 caracteres' },
    ],
    [RegisterSchema, { name: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, { password: 'Senha deve ter no máximo 128 caracteres' }],
    [ForgotPasswordSchema, { email: 'x' }, { email: 'Email inválido' }],
    [ResetPasswordSchema, { token: '', password: '12345678' }, { token: 'Token é obrigatório' }],
    [ResetPasswordSchema, { token: 't', password: 'curta' }, { password: 'Senha deve ter pelo menos 8 caracteres' }],
    [LoginSchema, { email: 42, password: ['x'] }, { email: 'Email é obrigatório', password: 'Senha é obrigatória' }],
  ])('%#: messages', (schema, input, expected) => {
    expect(errorsOf(schema as v.GenericSchema, input)).toEqual(expected);
  });

  test('emails are trimmed and lower-cased', () => {
    expect(v.parse(LoginSchema, { email: ' Ana@X.COM ', password: 'p' }).email).toBe('ana@x.com');
  });
});

describe('broker wizard steps', () => {
  test.each([
    [
      BrokerStep1Schema,
      { name: '', email: '', phone: '', cpf: '' },
      {
        name: 'Nome é obrigatório',
        email: 'Email é obrigatório',
        phone: 'Celular é obrigatório',
        cpf: 'CPF é obrigatório',
      },
    ],
    [
      BrokerStep1Schema,
      { name: 'A', email: 'a@b.co', phone: '(11) 3456-7890', cpf: '111.111.111-11' },
      {
        phone: 'Número de celular inválido. Use formato: (11) 99999-9999',
        cpf: 'CPF inválido. Use 11 dígitos ou formato especial com XX',
      },
    ],
    [
      BrokerStep1Schema,
      { name: 'x'.repeat(101), email: 'a@b.co', phone: '11987654321', cpf: '52998224725' },
      { name: 'Máximo de 100 caracteres' },
    ],
    [
      BrokerStep2Schema,
      { ...PROFILE, cnpj: '11.222.333/0001-82', zipCode: '0131', state: 'XX', complement: '' },
      {
        cnpj: 'CNPJ deve ter 14 dígitos e ser válido',
        zipCode: 'CEP deve ter 8 dígitos',
        state: 'Selecione um estado',
        complement: 'Complemento é obrigatório (ou marque "Não tem complemento")',
      },
    ],
    [
      BrokerStep2Schema,
      { ...PROFILE, address: 'x'.repeat(151), city: 'y'.repeat(51) },
      { address: 'Máximo de 150 caracteres', city: 'Máximo de 50 caracteres' },
    ],
    [
      BrokerStep3Schema,
      { susepNumber: '1234', susepExpiry: '', susepCategory: '' },
      {
        susepNumber: 'Número SUSEP deve ter 9 dígitos',
        susepExpiry: 'Data de vencimento SUSEP é obrigatória',
        susepCategory: 'Selecione a categoria SUSEP',
      },
    ],
    [
      BrokerStep3Schema,
      { susepNumber: '123456789', susepExpiry: '2027-02-30', susepCategory: 'pessoas', website: 'w'.repeat(201) },
      {
        susepExpiry: 'Data de vencimento SUSEP inválida. Use dd/mm/aaaa',
        website: 'Máximo de 200 caracteres',
      },
    ],
    [
      BrokerStep4Schema,
      { insuranceTypes: [], experience: '' },
      {
        insuranceTypes: 'Selecione pelo menos um tipo de seguro',
        experience: 'Selecione a experiência',
      },
    ],
    [
      BrokerStep4Schema,
      { insuranceTypes: ['auto'], experience: 'lt1', monthlyPolicies: 100000 },
      { monthlyPolicies: 'Informe um número inteiro entre 0 e 99999' },
    ],
    [
      BrokerStep4Schema,
      { insuranceTypes: ['auto'], experience: 'lt1', monthlyPolicies: -1 },
      { monthlyPolicies: 'Informe um número inteiro entre 0 e 99999' },
    ],
  ])('%#: messages', (schema, input, expected) => {
    expect(errorsOf(schema as v.GenericSchema, input)).toEqual(expected);
  });

  test("'Não tem complemento' clears the complement", () => {
    const output = v.parse(BrokerStep2Schema, { ...PROFILE, complement: 'ignored', noComplement: true });
    expect(output).toMatchObject({ complement: null, noComplement: true });
    // The output is what the API receives: it must validate again unchanged.
    expect(v.parse(BrokerStep2Schema, output)).toEqual(output);
  });

  test('the whole profile is stored normalised, and its output validates again unchanged', () => {
    const output = v.parse(BrokerProfileSchema, { ...PROFILE, isOnboardingComplete: true });
    expect(v.parse(BrokerProfileSchema, output)).toEqual(output);
    const withoutComplement = v.parse(BrokerProfileSchema, { ...PROFILE, complement: '', noComplement: true });
    expect(v.parse(BrokerProfileSchema, withoutComplement)).toEqual(withoutComplement);
    expect(output).toMatchObject({
      email: 'ana@corretora.test',
      phone: '11987654321',
      cpf: '52998224725',
      cnpj: '11222333000181',
      zipCode: '01310100',
      susepNumber: '123456789',
      susepExpiry: '2027-12-31',
      businessType: null,
      website: null,
      monthlyPolicies: 20,
      complement: 'Sala 42',
      isOnboardingComplete: true,
    });
  });

  test('alphanumeric CNPJ and the CPF special format are accepted', () => {
    const output = v.parse(BrokerProfileSchema, { ...PROFILE, cnpj: '12.abc.345/01de-35', cpf: '123.456.789-XX' });
    expect(output.cnpj).toBe('12ABC34501DE35');
    expect(output.cpf).toBe('123456789XX');
  });

  test('the update accepts a subset and rejects an empty body', () => {
    expect(v.parse(BrokerProfileUpdateSchema, { name: 'Nova', phone: '11987654321' })).toEqual({ name: 'Nova', phone: '11987654321' });
    expect(errorsOf(BrokerProfileUpdateSchema, {})).toEqual({ '': 'Nenhum campo para atualizar' });
    expect(errorsOf(BrokerProfileUpdateSchema, { cpf: '123' })).toEqual({ cpf: 'CPF inválido. Use 11 dígitos ou formato especial com XX' });
  });
});

describe('catalogue schemas', () => {
  test.each([
    [ProductCreateSchema, {}, { name: 'Nome é obrigatório' }],
    [ProductCreateSchema, { name: '   ' }, { name: 'Nome é obrigatório' }],
    [ProductCreateSchema, { name: 'x'.repeat(10_000) }, { name: 'Máximo de 100 caracteres' }],
    [ProductCreateSchema, { name: 'Auto', isActive: 'sim' }, { isActive: 'Informe se está ativo' }],
    [ProductCreateSchema, { name: 'Auto', policyType: 'boat' }, { policyType: 'Tipo de apólice inválido' }],
    [InsurerCreateSchema, { name: 'Porto', email: 'nao-email' }, { email: 'Email inválido' }],
    [ProductUpdateSchema, {}, { '': 'Nenhum campo para atualizar' }],
    [ProductUpdateSchema, { name: '' }, { name: 'Nome é obrigatório' }],
  ])('%#: messages', (schema, input, expected) => {
    expect(errorsOf(schema as v.GenericSchema, input)).toEqual(expected);
  });

  test.each([
    ['www.portoseguro.com.br', true],
    ['https://www.allianz.com.br/corretor?x=1', true],
    ['souzaseguros.com.br', true],
    ['http://localhost.com:8080', true],
    ['seguradora-ação.com.br', true],
    ['minha seguradora', false],
    ['javascript:alert(1)', false],
    ['ftp://arquivos.com.br', false],
    ['semponto', false],
  ])('website %s valid: %s', (website, valid) => {
    const errors = errorsOf(InsurerCreateSchema, { name: 'Porto', website });
    expect(errors).toEqual(valid ? {} : { website: 'Website inválido. Exemplo: www.suacorretora.com.br' });
  });

  test('defaults: active, empty optionals become null', () => {
    expect(v.parse(ProductCreateSchema, { name: ' Seguro Bike ', description: '', line: 'equipamentos', policyType: '' })).toEqual({
      name: 'Seguro Bike',
      description: null,
      line: 'equipamentos',
      iofRate: null,
      isActive: true,
    });
    expect(v.parse(ProductUpdateSchema, { isActive: false })).toEqual({ isActive: false });
    expect(v.parse(InsurerCreateSchema, { name: 'Zurich', password: ' segredo ' }).password).toBe(' segredo ');
  });
});

describe('optional money on the wire', () => {
  const sale = { insurerId: 1, startDate: '2026-12-01', endDate: '2027-12-01', premioLiquido: '1000.00', iof: '73.80' };
  test.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['10.05', 1005],
  ])('juros %p is %p cents', (juros, cents) => {
    expect(v.parse(CompletionSchema, { ...sale, juros }).juros).toBe(cents);
  });
  test.each(['abc', '10,05', '1.234.56', '1e3'])('juros %p is refused, never read as none', (juros) => {
    expect(errorsOf(CompletionSchema, { ...sale, juros })).toEqual({
      juros: 'Valor inválido. Use reais com até 2 casas decimais, ex.: "1248.00"',
    });
  });
});

describe('IOF', () => {
  test('the product dialog sends the wire body the service reads', () => {
    const body = v.parse(ProductFormSchema, { name: 'Seguro Odonto', description: '', line: 'odonto', iofRate: 238, isActive: true });
    expect(body.iofRate).toBe('2.38');
    expect(v.parse(ProductCreateSchema, body)).toMatchObject({ line: 'odonto', iofRate: 238 });
    expect(v.parse(ProductFormSchema, { name: 'X', line: 'auto', iofRate: null }).iofRate).toBeNull();
    expect(errorsOf(ProductFormSchema, { name: 'X', iofRate: 2501 })).toEqual({
      line: 'Selecione o ramo',
      iofRate: 'A alíquota de IOF deve estar entre 0 e 25%',
    });
  });

  test('a product has a line: a client that sends only the old policy type gets its line, one that sends neither is told', () => {
    expect(v.parse(ProductCreateSchema, { name: 'Vida Fácil', policyType: 'life' })).toMatchObject({ line: 'vida' });
    expect(v.parse(ProductCreateSchema, { name: 'Vida Fácil', policyType: 'life' })).not.toHaveProperty('policyType');
    expect(v.parse(ProductCreateSchema, { name: 'Saúde PME', line: 'saude', policyType: 'business' })).toMatchObject({ line: 'saude' });
    // The spec's body (name, isActive, description) is never refused: the name says the line, else empresarial.
    expect(v.parse(ProductCreateSchema, { name: 'Seguro Auto Frota', isActive: true, description: '' })).toMatchObject({ line: 'auto' });
    expect(v.parse(ProductCreateSchema, { name: 'Plano Odontológico' })).toMatchObject({ line: 'odonto' });
    expect(v.parse(ProductCreateSchema, { name: 'Sem ramo' })).toMatchObject({ line: 'empresarial', isActive: true });
    expect(errorsOf(ProductCreateSchema, { name: 'X', line: 'health' })).toEqual({ line: 'Ramo inválido' });
    expect(v.parse(ProductUpdateSchema, { policyType: 'home' })).toEqual({ line: 'residencial' });
    expect(v.parse(ProductUpdateSchema, { isActive: false })).toEqual({ isActive: false });
  });

  test.each([
    // [product, premium cents, rate hundredths, source, IOF cents]
    [{ line: 'auto', iofRate: null }, 100_000, 738, 'line', 7_380],
    [{ line: 'residencial', iofRate: null }, 100_000, 738, 'line', 7_380],
    [{ line: 'empresarial', iofRate: null }, 100_000, 738, 'line', 7_380],
    [{ line: 'vida', iofRate: null }, 100_000, 38, 'line', 380],
    [{ line: 'saude', iofRate: null }, 100_000, 238, 'line', 2_380],
    [{ line: 'odonto', iofRate: null }, 100_000, 238, 'line', 2_380],
    [{ line: 'rural', iofRate: null }, 100_000, 0, 'line', 0],
    [{ line: 'empresarial', iofRate: '2.38' }, 100_000, 238, 'product', 2_380],
    [{ line: 'vida', iofRate: '0' }, 100_000, 0, 'product', 0],
    [undefined, 100_000, 738, 'line', 7_380],
    // Half up at the boundary: 0.5 cent goes up, 0.49 down.
    [{ line: 'vida', iofRate: null }, 12_500, 38, 'line', 48], // 47.5 -> 48
    [{ line: 'auto', iofRate: null }, 1, 738, 'line', 0], // 0.0738 -> 0
    [{ line: 'auto', iofRate: null }, 68, 738, 'line', 5], // 5.0184 -> 5
    [{ line: 'auto', iofRate: null }, 9_900_000_000, 738, 'line', 730_620_000],
    [{ line: 'auto', iofRate: null }, null, 738, 'line', null],
  ] as const)('%j, %p cents -> %p (%s): %p', (product, premium, rate, source, cents) => {
    expect(suggestIof(product, premium)).toEqual({ rateHundredths: rate, source, cents });
  });
});

describe('one list of lines (#34 item 2)', () => {
  test.each([
    ['Seguro Saúde', 'saude'],
    ['Automóvel', 'auto'],
    ['RC Profissional', 'responsabilidade_civil'],
    ['Acidentes Pessoais', 'acidentes_pessoais'],
    ['Vida em Grupo', 'vida'],
    ['Condomínio', 'condominio'],
    ['responsabilidade_civil', 'responsabilidade_civil'],
    ['Plano Odontológico', 'odonto'],
    ['Seguro Garantia', 'garantia'],
    ['Empresarial', 'empresarial'],
    ['qualquer coisa', null],
  ] as const)('%s reads as %s', (text, line) => {
    expect(parseLine(text)).toBe(line);
  });

  test('every line the issue names is there, each with a label, a group and a derived type', () => {
    for (const key of [
      'auto',
      'residencial',
      'condominio',
      'empresarial',
      'vida',
      'acidentes_pessoais',
      'saude',
      'odonto',
      'viagem',
    ] as const)
      expect(LINE_KEYS).toContain(key);
    for (const key of ['responsabilidade_civil', 'garantia', 'transportes', 'rural', 'equipamentos', 'pet'] as const)
      expect(LINE_KEYS).toContain(key);
    expect(LINE_KEYS.every((key) => /^[a-z_]+$/.test(key))).toBe(true);
    expect(policyTypeOfLine('saude')).toBe('life');
    expect(policyTypeOfLine('auto')).toBe('auto');
    expect(INSURANCE_TYPES.map((type) => type.value)).toEqual(LINE_KEYS);
  });
});

describe('one phone rule for contacts and leads (#34 item 4)', () => {
  test('a landline is taken and stored as its national digits; a number without its DDD or with a DDD that does not exist is refused', () => {
    const contact = (phone: string) => v.safeParse(ContactCreateSchema, { name: 'Escritório Lima', phone, type: 'individual' });
    expect(contact('(11) 3222-4455').output).toMatchObject({ phone: '1132224455' });
    expect(contact('+55 11 98765-4321').output).toMatchObject({ phone: '11987654321' });
    // A mobile written before the 9th digit gets it, as the import does.
    expect(contact('11 8765-4321').output).toMatchObject({ phone: '11987654321' });
    for (const phone of ['98765-4321', '(00) 3222-4455', '(11) 1222-4455'])
      expect(contact(phone).issues?.[0]?.message).toBe('Telefone inválido. Use o DDD: (11) 98765-4321 ou (11) 3222-4455');
    expect(contact('').issues?.[0]?.message).toBe('Telefone é obrigatório');
  });
});

describe('a missing field', () => {
  test('is named in pt-BR: the field’s own message where it has one (a task’s date), else "Campo obrigatório." — never valibot’s English', () => {
    expect(errorsOf(TaskCreateSchema, { title: 'Ligar' })).toEqual({ dueAt: 'Informe a data' });
    expect(errorsOf(TaskEditSchema, {})).toEqual({ title: 'Descreva a tarefa', dueAt: 'Informe a data' });
    expect(errorsOf(v.object({ id: v.number('Número inválido') }), {})).toEqual({ id: 'Campo obrigatório.' });
  });
});

describe("the spec's pipeline bodies (§7)", () => {
  const lead = { name: 'Yara Campos', cpf: '', phone: '(11) 98765-4321', leadSourceId: 1, productId: 2 };

  test('a new lead names its stage by id, by key or both; neither is refused', () => {
    expect(v.parse(LeadCreateSchema, { ...lead, stage: 'leads' })).toMatchObject({ stageId: null, stage: 'leads' });
    expect(v.parse(LeadCreateSchema, { ...lead, stageId: 3 })).toMatchObject({ stageId: 3, stage: null });
    expect(
      v.parse(LeadCreateSchema, { ...lead, stageId: 3, stage: 'leads', type: 'prospect', email: '', annualPremium: null, notes: '' }),
    ).toMatchObject({
      stageId: 3,
      stage: 'leads',
    });
    expect(errorsOf(LeadCreateSchema, lead)).toEqual({ stageId: 'Estágio é obrigatório' });
  });

  test("the edit's notes: the forms' list, or the spec's one text (blank adds nothing)", () => {
    const edit = { name: 'Yara Campos', phone: '(11) 98765-4321' };
    expect(v.parse(ContactUpdateSchema, { ...edit, notes: ['Quer cotação'] }).notes).toEqual(['Quer cotação']);
    expect(v.parse(ContactUpdateSchema, { ...edit, notes: '28/11/2026 10:00 - Quer cotação\n' }).notes).toEqual([
      '28/11/2026 10:00 - Quer cotação',
    ]);
    expect(v.parse(ContactUpdateSchema, { ...edit, notes: '  ' }).notes).toEqual([]);
    expect(v.parse(ContactUpdateSchema, edit).notes).toEqual([]);
    expect(errorsOf(ContactUpdateSchema, { ...edit, notes: 42 })).toEqual({ notes: 'Notas inválidas' });
  });
});
