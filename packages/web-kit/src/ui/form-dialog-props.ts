import type { ReactNode, SubmitEventHandler } from 'react';

export interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  extraActions?: ReactNode;
}
