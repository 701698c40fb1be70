/**
 * The import graph's rules, checked by `npm run lint` (#36 item 2): no circle anywhere, type-only
 * imports and lazy import() included (a circle of types today is one edit away from a module read
 * before it is defined), finance's layers (the policy book at the bottom, the modules above it
 * never importing each other) and the contracts' floors (the vocabulary, the domains, the operations).
 */
const FINANCE = '^services/finance/src/modules/';
/** Contracts in floors: the shared vocabulary at the bottom, the domains above it, the operations' tables on top. */
const CONTRACTS = '^packages/contracts/src/';
const DOMAINS = '(auth|broker|catalogues|finance|imports|pipeline|privacy|relationship|team)';
const FLOOR = `${CONTRACTS}(vocabulary/|br/|fields\\.ts|errors\\.ts|ids\\.ts|choice-of\\.ts|wire-fields\\.ts)`;
const ABOVE_THE_BOOK = '(instalments|renewals|receivables|commissions)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move what both sides need to a module below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'finance-modules-above-the-book-stay-apart',
      severity: 'error',
      comment:
        'Instalments, renewals, receivables and commissions use the policy book, never each other: move what both need into modules/policies.',
      from: { path: `${FINANCE}${ABOVE_THE_BOOK}/` },
      to: { path: `${FINANCE}${ABOVE_THE_BOOK}/`, pathNot: `${FINANCE}$1/` },
    },
    {
      name: 'finance-book-at-the-bottom',
      severity: 'error',
      comment: 'The policy book (modules/policies) imports no finance module above it: ask through an interface that app.ts wires.',
      from: { path: `${FINANCE}policies/` },
      to: { path: FINANCE, pathNot: `${FINANCE}policies/` },
    },
    {
      name: 'contracts-domains-import-only-the-floor',
      severity: 'error',
      comment:
        "A contracts domain folder imports the shared vocabulary (vocabulary/, br/, fields, wire-fields, errors, ids) and itself only: what two domains share goes down into vocabulary/, and what names another domain's operations goes up into operations/.",
      from: { path: `${CONTRACTS}${DOMAINS}/` },
      to: { path: `${CONTRACTS}`, pathNot: [`${CONTRACTS}$1/`, FLOOR] },
    },
    {
      name: 'contracts-floor-imports-no-domain',
      severity: 'error',
      comment: 'The shared vocabulary is the ground floor: it imports nothing of a domain, of the operations or of the index.',
      from: { path: FLOOR },
      to: { path: `${CONTRACTS}`, pathNot: FLOOR },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data|coverage)/|lint-probe-' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
