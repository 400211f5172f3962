import type { ReactNode } from 'react';
import { DialogContent, DialogTitle } from '@mui/material';
import { Form, type RaRecord, type ValidateForm } from 'react-admin';
import type { UseFormProps } from 'react-hook-form';
import { DialogFormBody } from './DialogFormBody';
import { GuardedDialog } from './GuardedDialog';

interface RecordDialogProps {
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  open?: boolean;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The record edited (a new one's defaults for New). */
  record?: Partial<RaRecord>;
  defaultValues?: Record<string, unknown>;
  validate?: ValidateForm;
  /** The save; the surrounding react-admin save context's (e.g. CreateBase) unless given. */
  onSubmit?: (values: Record<string, unknown>) => unknown;
  resetOptions?: UseFormProps['resetOptions'];
  /** Leaves every check to the form's own validation (no browser bubbles). */
  noValidate?: boolean;
  /** Offers Delete (left of Close) when given. */
  onDelete?: () => void;
  deleteDisabled?: boolean;
  /** In place of the plain Save (e.g. a Generate button). */
  saveButton?: ReactNode;
  /** Off once what the form held is saved (the modal is about to close). */
  guarded?: boolean;
  /** Shown under the title instead of the form while what it edits loads (e.g. an item's price rules). */
  pending?: ReactNode;
  /** The inputs. */
  children: ReactNode;
  /** Inside the modal, outside its form: e.g. the confirmation before Delete. */
  outsideForm?: ReactNode;
}

/**
 * Every modal editor: a record's form in a modal that asks before unsaved input is given up
 * (GuardedDialog), with the 'Form is invalid.' warning, the title, the inputs, and Delete,
 * Close and Save (DialogFormBody).
 */
export function RecordDialog({
  titleId,
  title,
  open = true,
  onClose,
  maxWidth = 'sm',
  record,
  defaultValues,
  validate,
  onSubmit,
  resetOptions,
  noValidate,
  onDelete,
  deleteDisabled,
  saveButton,
  guarded,
  pending,
  children,
  outsideForm,
}: RecordDialogProps) {
  return (
    <GuardedDialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      {pending ? (
        <>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>{pending}</DialogContent>
        </>
      ) : (
        <Form
          record={record}
          defaultValues={defaultValues}
          validate={validate}
          onSubmit={onSubmit}
          resetOptions={resetOptions}
          disableInvalidFormNotification
          noValidate={noValidate}
        >
          <DialogFormBody
            titleId={titleId}
            title={title}
            onClose={onClose}
            onDelete={onDelete}
            deleteDisabled={deleteDisabled}
            saveButton={saveButton}
            guarded={guarded}
          >
            {children}
          </DialogFormBody>
        </Form>
      )}
      {outsideForm}
    </GuardedDialog>
  );
}
