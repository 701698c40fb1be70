import {
  formatCep,
  formatCnpj,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPercent,
  formatRelativeTime,
  formatFileSize,
  centsToWire,
  formatMoney,
  formatMoneyInput,
  formatPhone,
  formatSusep,
  initials,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidMobilePhone,
  isValidSusep,
  maskCep,
  maskCnpj,
  maskCpf,
  maskDate,
  maskMoneyInput,
  maskPhone,
  maskSusep,
  normalizeCnpj,
  parseDate,
  normalizeCpf,
  normalizePhone,
  parseMoneyToCents,
  bodyId,
  isMobileNumber,
  isValidPhone,
  parseBrazilianPhone,
  isIsoDate,
  isIsoTimestamp,
  wireDate,
  wireMonth,
  wireTimestamp,
  saoPauloDay,
} from '../src';
import * as v from 'valibot';

describe('CPF', () => {
  test.each([
    ['529.982.247-25', true, 'masked, valid check digits'],
    ['52998224725', true, 'digits only'],
    ['529 982 247 25', true, 'spaces are separators'],
    ['529.982.247-24', false, 'wrong check digit'],
    ['111.111.111-11', false, 'repeated digits'],
    ['123456789XX', true, 'special format: 9 digits + XX'],
    ['123.456.789-xx', true, 'special format, lower case, masked'],
    ['111111111XX', false, 'special format with nine repeated digits'],
    ['12345678XX', false, 'special format with 8 digits'],
    ['5299822472', false, '10 digits'],
    ['529982247255', false, '12 digits'],
    ['529..982..247--25', false, 'more than 14 characters as typed'],
    ['', false, 'empty'],
  ])('%s -> %s (%s)', (value, expected) => {
    expect(isValidCpf(value)).toBe(expected);
  });

  test.each([
    ['52998224725', '529.982.247-25'],
    ['5299', '529.9'],
    ['123456789xx', '123.456.789-XX'],
    ['12x3', '123'],
  ])('mask %s -> %s', (value, expected) => expect(maskCpf(value)).toBe(expected));

  test('normalises and formats', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf(null)).toBe('');
  });
});

describe('mobile phone', () => {
  test.each([
    ['(11) 98765-4321', true],
    ['11987654321', true],
    ['+55 (11) 98765-4321', true],
    ['+5511987654321', true],
    ['5511987654321', true],
    ['98765-4321', true],
    ['(11) 3456-7890', false], // landline
    ['(11) 88765-4321', false], // no leading 9
    ['+1 (11) 98765-4321', false],
    ['1198765432', false],
    ['+55 (11) 98765-4321 ramal', false],
    ['+55  (11)  98765 - 4321', false], // more than 19 characters as typed
    ['', false],
  ])('%s -> %s', (value, expected) => expect(isValidMobilePhone(value)).toBe(expected));

  test.each([
    ['11987654321', '(11) 98765-4321'],
    ['119', '(11) 9'],
    ['1', '(1'],
    ['+5511987654321', '+55 (11) 98765-4321'],
    ['119876543210000', '(11) 98765-4321'],
    // A landline takes its own shape as soon as its first digit says so.
    ['1132224455', '(11) 3222-4455'],
    ['11322', '(11) 322'],
    ['113222445599', '(11) 3222-4455'],
    ['+551132224455', '+55 (11) 3222-4455'],
  ])('mask %s -> %s', (value, expected) => expect(maskPhone(value)).toBe(expected));

  test.each([
    ['(11) 98765-4321', true, true],
    ['(11) 3222-4455', true, false],
    ['+55 21 2533-1000', true, false],
    ['(00) 98765-4321', false, false], // no such area code
    ['98765-4321', false, false], // no area code
    ['(11) 1222-4455', false, false],
  ])('one rule for forms and import: %s valid %s, mobile %s', (value, valid, mobile) => {
    expect(isValidPhone(value)).toBe(valid);
    expect(isMobileNumber(parseBrazilianPhone(value)?.national)).toBe(mobile);
  });

  test('normalises to the national number and formats it back', () => {
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('987654321')).toBe('98765-4321');
  });
});

describe('CNPJ', () => {
  test.each([
    ['11.222.333/0001-81', true, 'numeric, masked'],
    ['11222333000181', true, 'numeric, digits only'],
    ['11.222.333/0001-82', false, 'wrong check digit'],
    ['11.111.111/1111-11', false, 'repeated digits'],
    ['12.ABC.345/01DE-35', true, 'alphanumeric'],
    ['12abc34501de35', true, 'alphanumeric lower case'],
    ['12.ABC.345/01DE-36', false, 'alphanumeric, wrong check digit'],
    ['12.ABC.345/01DE-3A', false, 'letters in the check digits'],
    ['1122233300018', false, '13 characters'],
    ['', false, 'empty'],
  ])('%s -> %s (%s)', (value, expected) => expect(isValidCnpj(value)).toBe(expected));

  test('masks, normalises and formats', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('CEP and SUSEP', () => {
  test.each([
    ['01310-100', true],
    ['01310100', true],
    ['0131010', false],
    ['013101000', false],
    ['01310-10a', false],
  ])('CEP %s -> %s', (value, expected) => expect(isValidCep(value)).toBe(expected));

  test.each([
    ['123456789', true],
    ['12345678-9', true],
    ['12345678', false],
    ['1234567890', false],
    ['', false],
  ])('SUSEP %s -> %s', (value, expected) => expect(isValidSusep(value)).toBe(expected));

  test('masks and formats', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('013')).toBe('013');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(maskSusep('123456789')).toBe('12345678-9');
    expect(formatSusep('123456789')).toBe('12345678-9');
  });
});

describe('money in cents', () => {
  test.each([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [null, 'R$ 0,00'],
    [undefined, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [-1050, '-R$ 10,50'],
    [9_900_000_000, 'R$ 99.000.000,00'],
  ])('formatMoney(%s) -> %s', (cents, expected) => expect(formatMoney(cents)).toBe(expected));

  test.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['0,5', 50],
    ['10', 1000],
    ['0', 0],
    ['1.234.567,89', 123456789],
    ['', null],
    ['abc', null],
    ['1,234', null],
    ['12.34,00', null],
  ])('parseMoneyToCents(%s) -> %s', (text, expected) => expect(parseMoneyToCents(text)).toBe(expected));

  test.each([
    ['123', '1,23'],
    ['', '0,00'],
    ['000123456', '1.234,56'],
    ['R$ 12,34', '12,34'],
  ])('maskMoneyInput(%s) -> %s', (text, expected) => expect(maskMoneyInput(text)).toBe(expected));

  test("written as Intl's pt-BR formats write it, digit for digit, for every size and sign", () => {
    const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, Number.MAX_SAFE_INTEGER];
    for (const cents of [...amounts, ...amounts.map((amount) => -amount - 1)]) {
      const decimal = centsToWire(cents) as `${number}`;
      expect(formatMoney(cents)).toBe(brl.format(decimal).replace(/\u00a0/g, ' '));
      expect(formatMoneyInput(cents)).toBe(plain.format(decimal));
    }
  });

  test('parse and format round trip', () => {
    for (const cents of [0, 1, 99, 100, 123456, 987654321]) {
      expect(parseMoneyToCents(formatMoney(cents))).toBe(cents);
    }
  });
});

describe('dates, initials, file sizes', () => {
  test.each([
    ['2027-12-31', '31/12/2027'],
    ['2026-01-01', '01/01/2026'],
    [null, ''],
    ['not a date', ''],
  ])('formatDate(%s) -> %s', (value, expected) => expect(formatDate(value)).toBe(expected));

  test.each([
    ['3', '3'],
    ['3112', '31/12'],
    ['311220', '31/12/20'],
    ['31122027', '31/12/2027'],
    ['31/12/2027999', '31/12/2027'],
    ['ab31c', '31'],
  ])('maskDate(%s) -> %s', (raw, expected) => expect(maskDate(raw)).toBe(expected));

  test.each([
    ['31/12/2027', '2027-12-31'],
    [' 01/02/2026 ', '2026-02-01'],
    ['2027-12-31', '2027-12-31'],
    ['30/02/2026', null],
    ['31/12/27', null],
    ['12/31/2027', null],
    ['', null],
  ])('parseDate(%s) -> %s', (value, expected) => expect(parseDate(value)).toBe(expected));

  test.each([
    ['Ana Maria Souza', 'AS'],
    ['ana', 'A'],
    ['  ', '?'],
    [null, '?'],
  ])('initials(%s) -> %s', (name, expected) => expect(initials(name)).toBe(expected));

  test.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1536, '1,5 KB'],
    [2 * 1024 * 1024, '2 MB'],
    [10 * 1024 ** 3, '10 GB'],
    [1234567, '1,18 MB'],
  ])('formatFileSize(%s) -> %s', (bytes, expected) => expect(formatFileSize(bytes)).toBe(expected));
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  test.each([
    [ago(0), 'agora mesmo'],
    [ago(-30), 'agora mesmo'],
    [ago(59), 'agora mesmo'],
    [ago(60), 'há 1 minuto'],
    [ago(59 * 60 + 59), 'há 59 minutos'],
    [ago(3600), 'há 1 hora'],
    [ago(23 * 3600), 'há 23 horas'],
    [ago(86_400), 'ontem'],
    [ago(2 * 86_400), 'anteontem'],
    [ago(3 * 86_400), 'há 3 dias'],
    [ago(7 * 86_400), 'semana passada'],
    [ago(15 * 86_400), 'há 2 semanas'],
    ['2026-10-01T12:00:00.000Z', '01/10/2026'],
    ['not a date', ''],
  ])('%s -> %s', (value, expected) => expect(formatRelativeTime(value, now)).toBe(expected));
});

test('formatDateTime: dd/mm/aaaa hh:mm in the given zone', () => {
  expect(formatDateTime('2026-11-23T15:04:00.000Z', 'America/Sao_Paulo')).toBe('23/11/2026 12:04');
  expect(formatDateTime('garbage')).toBe('');
});

test('saoPauloDay: the day an instant falls on in São Paulo, by the zone database (the 2018 summer time too), whatever the input form', () => {
  expect(saoPauloDay('2026-12-04T02:59:59Z')).toBe('2026-12-03');
  expect(saoPauloDay('2026-12-04T03:00:00Z')).toBe('2026-12-04');
  // Summer time (UTC-2) in December 2018: 02:30 UTC was already the 1st there.
  expect(saoPauloDay('2018-12-01T02:30:00Z')).toBe('2018-12-01');
  expect(saoPauloDay(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12-31');
  expect(saoPauloDay(Date.UTC(2026, 5, 15, 12))).toBe('2026-06-15');
});

test.each([
  [738, '7,38%'],
  [38, '0,38%'],
  [0, '0,00%'],
  [2500, '25,00%'],
])('formatPercent(%p) -> %s', (hundredths, text) => expect(formatPercent(hundredths)).toBe(text));

describe('dates, instants and ids on the wire (one parser each)', () => {
  test.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2101-01-01', false],
    ['2026-1-01', false],
  ])('isIsoDate(%s) -> %s', (value, expected) => expect(isIsoDate(value)).toBe(expected));

  test.each([
    ['2026-11-26T10:00:00Z', true],
    ['2026-11-26T10:00:00.123Z', true],
    ['2026-11-26T10:00-03:00', true],
    ['2026-11-26T10:00:00+14:00', true],
    ['2026-11-26T10:00:00-14:00', true],
    ['2026-11-26T10:00:00-14:01', false],
    ['2026-11-26T10:00:00-23:59', false],
    ['2026-11-26T10:00:00+05:60', false],
    ['2026-02-30T10:00:00Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['2026-11-26T24:00:00Z', false],
    ['2026-11-26T10:00:00', false],
    ['2026-11-26', false],
  ])('isIsoTimestamp(%s) -> %s', (value, expected) => expect(isIsoTimestamp(value)).toBe(expected));

  test('wireDate, wireTimestamp, wireMonth and bodyId answer the field message, never pass what Postgres refuses', () => {
    expect(v.safeParse(wireDate('Informe a data'), '2026-02-30').issues?.[0]?.message).toBe('Data inválida: use AAAA-MM-DD');
    expect(v.safeParse(wireDate('Informe a data'), '').issues?.[0]?.message).toBe('Informe a data');
    expect(v.safeParse(wireTimestamp('Informe quando'), '2026-11-26T10:00:00-23:59').success).toBe(false);
    expect(v.safeParse(wireMonth('Mês inválido'), '0000-01').success).toBe(false);
    expect(v.safeParse(wireMonth('Mês inválido'), '2026-11').success).toBe(true);
    for (const id of [0, -1, 1.5, 2_147_483_648, 1e308, Number.NaN, '1'])
      expect(v.safeParse(bodyId('Contato inválido.'), id).issues?.[0]?.message).toBe('Contato inválido.');
    expect(v.safeParse(bodyId('Contato inválido.'), 2_147_483_647).success).toBe(true);
  });
});
