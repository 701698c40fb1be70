import {
  parseBrazilianPhone,
  parseContactType,
  parseDocument,
  parseSheetDate,
  parseSheetMoney,
  parseSheetPercent,
  comparableInsurer,
} from '../src';

describe('phones as spreadsheets hold them', () => {
  test.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'],
    ['0 21 11 98765-4321', '+5511987654321'],
    // A mobile written before the 9th digit.
    ['11 8765-4321', '+5511987654321'],
    ['(21) 3456-7890', '+552134567890'],
    ['55 3456-7890', '+555534567890'],
  ])('%s -> %s', (text, e164) => {
    expect(parseBrazilianPhone(text)?.e164).toBe(e164);
  });

  test.each(['(00) 91234-5678', '(20) 98765-4321', '1234', '(11) 1234-5678', '(11) 08765-4321', 'abc', '9'.repeat(40)])(
    '%s is refused',
    (text) => {
      expect(parseBrazilianPhone(text)).toBeNull();
    },
  );
});

describe('money, percentages and dates', () => {
  test.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$1.234,5', 123450],
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['1073.8000000000002', 107380],
    ['0.125', 13],
    ['10', 1000],
  ])('%s reais = %d cents', (text, cents) => {
    expect(parseSheetMoney(text)).toBe(cents);
  });

  test.each(['', 'abc', '1,2,3', '12,345', '-10,00', '1.23.4', '1e5'])('%s is not money', (text) => {
    expect(parseSheetMoney(text)).toBeNull();
  });

  test('negatives only when allowed', () => {
    expect(parseSheetMoney('-10,50', true)).toBe(-1050);
    expect(parseSheetMoney('(10,50)', true)).toBe(-1050);
  });

  test('percentages in hundredths', () => {
    expect(parseSheetPercent('12,5%')).toBe(1250);
    expect(parseSheetPercent('12.5')).toBe(1250);
  });

  const today = new Date('2026-11-25T12:00:00Z');
  test.each([
    ['03/04/2024', '2024-04-03'],
    ['3/4/2024', '2024-04-03'],
    ['03-04-2024', '2024-04-03'],
    ['03/04/24', '2024-04-03'],
    ['03/04/85', '1985-04-03'],
    ['2024-04-03', '2024-04-03'],
    ['2024-04-03T10:00:00Z', '2024-04-03'],
    ['45385', '2024-04-03'],
    ['45385.5', '2024-04-03'],
  ])('%s is %s', (text, iso) => {
    expect(parseSheetDate(text, today)).toBe(iso);
  });

  test.each(['31/02/2024', '2024-13-01', '13/13/2024', 'ontem', '0', '99999999'])('%s is not a date', (text) => {
    expect(parseSheetDate(text, today)).toBeNull();
  });
});

describe('documents, types and insurer names', () => {
  test('CPF and CNPJ in any format, leading zeros Excel dropped given back', () => {
    expect(parseDocument('529.982.247-25')).toEqual({ cpf: '52998224725' });
    expect(parseDocument('52998224725')).toEqual({ cpf: '52998224725' });
    expect(parseDocument('11.222.333/0001-81')).toEqual({ cnpj: '11222333000181' });
    expect(parseDocument('12.ABC.345/01DE-35')).toEqual({ cnpj: '12ABC34501DE35' });
    expect(parseDocument('123.456.789-00')).toBeNull();
    expect(parseDocument('abc')).toBeNull();
  });

  test('contact types in the words brokers use', () => {
    expect(parseContactType('Pessoa Física')).toBe('individual');
    expect(parseContactType('PJ')).toBe('business');
    expect(parseContactType('prospecto')).toBe('prospect');
    expect(parseContactType('talvez')).toBeNull();
  });

  test('insurers compared without accents, case or company suffixes', () => {
    expect(comparableInsurer('Porto Seguro Cia. de Seguros Gerais S.A.')).toBe('porto seguro');
    expect(comparableInsurer('PORTO SEGURO')).toBe('porto seguro');
    expect(comparableInsurer('Tokio Marine Seguradora S/A')).toBe('tokio marine');
  });
});
