import {
  FINANCE_OPERATIONS as OPS,
  coveragesOfLine,
  insuredItemKindOf,
  lineOf,
  type LineCoverages,
  type LineKey,
  type Quote,
  type Role,
} from '@corretora/contracts';
import { TEXT, XLSX_MIME, readUploadedSheet, route, seesMoney, sendCsv, singleFileUpload } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { QuoteDisclosureService } from './quote-disclosure.service';
import { sendStoredFile } from '../documents/documents.routes';
import type { ComparisonsService } from './comparisons.service';
import type { QuotesReportService } from './quotes-report.service';
import type { QuotesService } from './quotes.service';
import type { QuoteSettingsService } from './quote-settings.service';

/** A deal's quotes sheet: small (a few dozen rows; the gateway's default body limit), CSV/TXT or XLSX, the deal's line and the XLSX tab beside it. */
const quoteSheetUpload = singleFileUpload({
  field: 'file',
  fields: ['line', 'sheet'],
  maxBytes: 120 * 1024,
  accept: [TEXT, XLSX_MIME],
  messages: {
    notMultipart: 'Envie a planilha de cotações como multipart/form-data, no campo file.',
    tooLarge: 'A planilha de cotações deve ter no máximo 120 KB (até 60 cotações).',
    onlyTheFile: 'Envie uma planilha por vez, com o ramo (line) e, se quiser, a aba (sheet).',
    missing: 'Selecione a planilha de cotações (CSV ou XLSX).',
    wrongType: 'O arquivo não é uma planilha: envie CSV ou XLSX (Excel).',
  },
});

/** A quote as a role reads it: the commission offered, and what it pays, only for those who see money (absent otherwise). */
function forRole<T extends Quote>(role: Role, quote: T): T {
  if (seesMoney(role)) return quote;
  const { commissionPercent: _percent, commissionAmount: _amount, ...rest } = quote;
  // Both keys are optional on a quote: without them it is still one.
  return rest as T;
}

export function quotesRoutes(
  router: Router,
  quotes: QuotesService,
  disclosures: QuoteDisclosureService,
  report: QuotesReportService,
  comparisons: ComparisonsService,
  settings: QuoteSettingsService,
): void {
  route(router, OPS.quoteSettings, ({ user }) => settings.answer(user.id));
  route(router, OPS.setQuoteSettings, ({ user, body }) => settings.set(user.id, body));
  route(router, OPS.cardDisclosureStatus, async ({ user, params }) => {
    await quotes.card(user.id, params.id);
    return settings.status(user.id, params.id);
  });
  route(router, OPS.createComparison, ({ user, params, body }) => comparisons.create(user, params.id, body));
  route(router, OPS.cardComparisons, ({ user, params }) => comparisons.ofCard(user.id, params.id));
  route(router, OPS.revokeComparison, ({ user, params }) => comparisons.revoke(user.id, params.id));
  route(router, OPS.publicComparison, ({ params }) => comparisons.publicView(params.token));
  route(router, OPS.publicComparisonLogo, async ({ params, ctx }) => {
    const logo = await comparisons.publicLogo(params.token);
    ctx.type = logo.contentType;
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = logo.bytes;
    return undefined;
  });
  route(router, OPS.publicComparisonPdf, async ({ params, ctx }) => sendStoredFile(ctx, await comparisons.publicPdf(params.token)));
  route(router, OPS.quotesReport, ({ user, query }) => report.report(user.id, query));
  route(router, OPS.quotesReportCsv, async ({ user, query, ctx }) => sendCsv(ctx, 'cotacoes.csv', await report.reportCsv(user.id, query)));
  route(router, OPS.cardQuotes, async ({ user, params }) =>
    (await quotes.ofCard(user.id, params.id)).map((quote) => forRole(user.role, quote)),
  );
  route(router, OPS.createCardQuote, async ({ user, params, body }) =>
    forRole(user.role, await quotes.createForCard(user.id, params.id, body)),
  );
  route(router, OPS.renewalQuotes, async ({ user, params }) =>
    (await quotes.ofRenewal(user.id, params.id)).map((quote) => forRole(user.role, quote)),
  );
  route(router, OPS.renewalQuote, async ({ user, params, body }) =>
    forRole(user.role, await quotes.createForRenewal(user.id, params.id, body)),
  );
  route(
    router,
    OPS.importCardQuotes,
    async ({ user, params, file, body }) => {
      const result = await quotes.importForCard(user.id, params.id, await readUploadedSheet(file, body.sheet || undefined), body.line);
      return { ...result, quotes: result.quotes.map((quote) => forRole(user.role, quote)) };
    },
    quoteSheetUpload,
  );
  route(router, OPS.updateQuote, async ({ user, params, body }) => forRole(user.role, await quotes.update(user.id, params.id, body)));
  route(router, OPS.removeQuote, ({ user, params }) => quotes.remove(user.id, params.id));
  route(router, OPS.winQuote, ({ user, params, body }) => quotes.win(user.id, params.id, body));
  route(router, OPS.sendDisclosure, ({ user, params, body }) => disclosures.send(user, params.id, body));
  route(router, OPS.lineCoverages, ({ params }): LineCoverages => {
    const line = params.line as LineKey;
    return { line, label: lineOf(line).label, insuredItemKind: insuredItemKindOf(line), coverages: [...coveragesOfLine(line)] };
  });
}

/** What the pipeline asks before a card enters Finalizado, and what an issue from a card must pass. */
export function quoteClosingRoutes(router: Router, settings: QuoteSettingsService): void {
  route(router, OPS.closingDisclosure, ({ params }) => settings.status(params.userId, params.id));
}
