// Visual building blocks; not part of the shared singleton (they hold no shared state), so they
// are tree-shaken into each app. Toasts reach the one toaster as a window event, not by module identity.
export { AuditTrail, type AuditField, type AuditTrailProps } from './audit-trail';
export { ActionMenu, type ActionMenuItem, type ActionMenuProps } from './action-menu';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { useConfirmAction, type ConfirmAction, type ConfirmActionOptions } from './use-confirm-action';
export { DataTable, type DataColumn, type DataTableProps } from './data-table';
export { QueryState, type QueryLike, type QueryStateProps } from './query-state';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { ViewDialog, type ViewDialogProps } from './view-dialog';
export { EmptyState } from './empty-state';
export { LineOptions } from './line-options';
export { MemberFilter, useMemberFilter } from './member-filter';
export { ParticipantsEditor, checkParticipants, participantRows, type ParticipantRow } from './participants-editor';
export { useTeam, type Team } from './use-team';
export { useMayCall } from './use-may-call';
export { LoadingScreen } from './loading-screen';
export { MaskedInput, type MaskedInputProps } from './masked-input';
export { MoneyInput, type MoneyInputProps } from './money-input';
export { AppToaster, NoticeFromPreviousPage, TOASTER_ID, notifyOnNextPage, useNotify, type Notify } from './notify';
export { NoticePanel, type NoticePanelProps } from './notice-panel';
export { Notice } from './notice';
export { PersonAvatar, avatarColour, type PersonAvatarProps } from './person-avatar';
export { PageHeader } from './page-header';
export { Pager } from './pager';
export { SearchBox } from './search-box';
export { COMPACT_LAYOUT } from './layout';
export {
  CepField,
  CnpjField,
  CpfField,
  DateField,
  MaskedField,
  MoneyField,
  NumberField,
  PasswordField,
  PhoneField,
  TextField,
  type FieldProps,
} from './form/fields';
export { CheckboxField } from './form/checkbox-field';
export { SelectField } from './form/select-field';
export { ResponsibleField, ResponsibleSelect } from './form/responsible-field';
export { TextareaField } from './form/textarea-field';
export { maskWithCaret } from './form/caret';
export { useFormErrors } from './form/use-form-errors';
export { formNumber, useFieldIssues } from './form/use-field-issues';
export { useSchemaForm } from './form/use-schema-form';
export { PasswordInput } from './password-input';
