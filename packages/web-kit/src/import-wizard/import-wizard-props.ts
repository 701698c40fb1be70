import type { ImportKind } from '@corretora/contracts';

export interface ImportWizardProps {
  kind: ImportKind;
  /** A statement's insurer (kind 'statement'): the file is that insurer's extrato. */
  insurerId?: number;
  /** 'Importar contatos', 'Importar apólices'. */
  title: string;
  onClose: () => void;
  /** After an import ran or was undone: the page refreshes what it lists. */
  onChanged: () => void;
}
