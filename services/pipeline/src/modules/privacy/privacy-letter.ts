import {
  LEGAL_BASIS_LABELS,
  PRIVACY_REQUEST_STATE_OPTIONS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  formatDate,
  optionLabel,
  type ErasureItem,
  type PrivacyNotice,
  type PrivacyRequest,
} from '@corretora/contracts';
import PDFDocument from 'pdfkit';

/**
 * The answer letter to the data subject (LGPD art. 18 and 19): who answers (the controller and its
 * encarregado), the request, and — after an erasure — what was erased, what is kept, until when and
 * on what legal basis. It names the subject only masked: the letter outlives the erased data.
 */
export function privacyLetter(input: {
  request: PrivacyRequest;
  controller: PrivacyNotice['controller'];
  dpo: { name: string; email: string } | null;
  today: string;
}): Promise<Buffer> {
  const { request, controller } = input;
  return new Promise((resolve, reject) => {
    // Uncompressed: a page or two of text, whose words stay findable in the file.
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 50,
      compress: false,
      info: { Title: `Resposta ao pedido ${request.protocol}`, Author: controller.name },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(13).text(controller.name);
    pdf.font('Helvetica').fontSize(9);
    if (controller.cnpj) pdf.text(`CNPJ ${controller.cnpj}`);
    if (controller.address) pdf.text(controller.address);
    if (input.dpo) pdf.text(`Encarregado pelo tratamento de dados (DPO): ${input.dpo.name} — ${input.dpo.email}`);
    pdf.moveDown();
    pdf.fontSize(10).text(formatDate(input.today), { align: 'right' });
    pdf.moveDown();
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Resposta ao pedido ${request.protocol} — ${optionLabel(PRIVACY_REQUEST_TYPE_OPTIONS, request.type)}`);
    pdf.font('Helvetica').fontSize(10).moveDown(0.5);
    pdf.text(`Titular: ${request.subject.value}. Pedido recebido em ${formatDate(request.createdAt.slice(0, 10))}.`);
    pdf.text(`Situação: ${optionLabel(PRIVACY_REQUEST_STATE_OPTIONS, request.state)}.`);
    if (request.answer) {
      pdf.moveDown(0.5);
      pdf.text(request.answer);
    }
    const section = (title: string, items: readonly ErasureItem[], kept: boolean) => {
      if (items.length === 0) return;
      pdf.moveDown();
      pdf.font('Helvetica-Bold').fontSize(11).text(title);
      pdf.font('Helvetica').fontSize(10);
      for (const item of items) {
        pdf.moveDown(0.3);
        pdf.text(`• ${item.what}: ${item.count}`, { continued: false });
        pdf
          .fontSize(9)
          .text(
            `  Base legal: ${LEGAL_BASIS_LABELS[item.basis]}. ${item.reason}.${kept && item.until ? ` Guardado até ${formatDate(item.until)}.` : ''}`,
          );
        pdf.fontSize(10);
      }
    };
    if (request.erasure) {
      section('O que foi eliminado', request.erasure.erased, false);
      section('O que é mantido, e por quê', request.erasure.kept, true);
      if (request.erasure.inForce) {
        const { until } = request.erasure.inForce;
        pdf.moveDown();
        pdf.text(
          `Você tem contrato em vigor conosco (${until ? `apólice vigente até ${formatDate(until)}` : 'sinistro em andamento'}): mantemos os dados de contato necessários para executá-lo — avisos do sinistro, da renovação e das parcelas (LGPD art. 7º, V) — e encerramos o marketing. Quando o último contrato terminar, eliminaremos o que nenhuma obrigação exige, e o restante ficará bloqueado pelo prazo de guarda.`,
        );
      }
      if (request.erasure.blocked) {
        pdf.moveDown();
        pdf.text(
          `Os dados mantidos ficam bloqueados: não recebem mensagens, não são usados para marketing nem exportados, e serão anonimizados ao fim do prazo de guarda${
            request.erasure.retainUntil ? ` (${formatDate(request.erasure.retainUntil)})` : ''
          }.`,
        );
      }
    }
    pdf.moveDown(2);
    pdf
      .fontSize(9)
      .text(
        'Em caso de dúvida, fale com o encarregado pelos contatos acima. Você também pode peticionar à Autoridade Nacional de Proteção de Dados (ANPD), LGPD art. 18, § 1º.',
      );
    pdf.end();
  });
}
