import { useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { useCustomFieldsValidator } from '../customFields/useCustomFieldsValidator';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { EditBase, Form, useEditContext, useRecordContext, type HttpError, type RaRecord, useNotify, type ValidateForm } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formValidator, staleReloadedMessage, type Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { ConfirmDialog } from '../forms/ConfirmDialog';
import { InvalidFormWarning } from '../forms/InvalidFormWarning';
import { KEEP_EDITS_ON_RELOAD } from '../forms/keepEditsOnReload';
import { UnsavedChangesGuard } from '../forms/UnsavedChangesGuard';
import { DetailHeader } from './DetailHeader';
import { useDeleteConfirmation } from './useDeleteConfirmation';
import { useDeleteRecord } from './useDeleteRecord';
import { useLeaveAfterDelete, type AfterDelete } from './useLeaveAfterDelete';

interface DetailPageProps {
  /** The record's entity: its declaration gives the save's alert, the question before deleting and the form's checks. */
  entity: Entity;
  /** The form's checks, when more than the declaration's. */
  validate?: ValidateForm;
  afterDelete: AfterDelete;
  /** What shows while the record loads; nothing unless given. */
  loading?: ReactNode;
  /** What a save refused by validation raises; the warning 'Form is invalid.' unless given. */
  invalidFormAlert?: ReactNode;
  /** The heading; the record's name unless given. */
  title?: (record: RaRecord) => ReactNode;
  /** The browser tab's name for the record when the title is not it (defaults to the title's text). */
  documentTitle?: (record: RaRecord) => string;
  /** Under the title, e.g. a link to the parent record. */
  subtitle?: (record: RaRecord) => ReactNode;
  /** Header buttons before Delete, inside the form (e.g. Print). */
  leadingHeaderActions?: (record: RaRecord) => ReactNode;
  /** Header buttons between Delete and Save, inside the form (e.g. Archive). */
  headerActions?: (record: RaRecord) => ReactNode;
  /**
   * Reload the record after each save, and after a save refused as stale (409) so that Save
   * again applies the edits over the latest version. Any reload keeps the fields the user has
   * edited and not saved yet (it refreshes only the others).
   */
  reloadAfterSave?: boolean;
  /** Named queries a save makes stale besides the record (an agreement's lines and visits follow its term). */
  staleAfterSave?: readonly string[];
  /** Moves to paths starting with this stay on the form (e.g. `/estimates/5/`): leaving asks only for others. */
  formRootPathname?: string;
  /** The record's cards, inside the form. */
  children: (record: RaRecord) => ReactNode;
  /** Below the form, outside it, e.g. tabs of related records. */
  footer?: (record: RaRecord) => ReactNode;
}

/**
 * A record's detail screen (/resource/:id): saved in place (pessimistic, so a refused save,
 * e.g. 409, keeps the edits on screen) with a success alert; Delete asks first, then leaves.
 * Leaving with unsaved changes asks first (UnsavedChangesGuard).
 */
export function DetailPage({
  entity,
  reloadAfterSave = false,
  staleAfterSave = [],
  validate = formValidator(entity),
  ...content
}: DetailPageProps) {
  const { savedMessage, deleteQuestion } = resolveScreens(entity);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const justSaved = useRef(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: [entity.name, 'getOne'] });
  const validateWithCustomFields = useCustomFieldsValidator(entity, validate);
  const onSuccess = () => {
    notify(savedMessage, { type: 'success' });
    for (const key of staleAfterSave) void queryClient.invalidateQueries({ queryKey: [key] });
    if (!reloadAfterSave) return;
    justSaved.current = true;
    void reload();
  };
  // The failed call's report has said why a save was refused; after a 409 the reload brings
  // their changes in under the edits, which the alert then says (not "reload it").
  const onError = async (error: unknown) => {
    if ((error as HttpError)?.status !== 409) return;
    await reload();
    notify(staleReloadedMessage(entity), { type: 'warning' });
  };
  return (
    <EditBase
      resource={entity.name}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={reloadAfterSave ? { onSuccess, onError } : { onSuccess }}
    >
      <DetailContent
        entity={entity}
        validate={validateWithCustomFields}
        deleteQuestion={deleteQuestion}
        justSaved={reloadAfterSave ? justSaved : undefined}
        {...content}
      />
    </EditBase>
  );
}

type DetailContentProps = Omit<DetailPageProps, 'reloadAfterSave'> & {
  deleteQuestion: string;
  /** Set by a successful save; the form then takes the saved record as its clean state. */
  justSaved?: MutableRefObject<boolean>;
};

function DetailContent({ validate, formRootPathname, justSaved, loading = null, footer, ...body }: DetailContentProps) {
  const { record } = useEditContext();
  if (!record) return loading;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Form validate={validate} disableInvalidFormNotification resetOptions={justSaved ? KEEP_EDITS_ON_RELOAD : undefined}>
        <UnsavedChangesGuard rootPathname={formRootPathname} />
        {justSaved && <CleanAfterSave justSaved={justSaved} />}
        <DetailFormBody record={record} {...body} />
      </Form>
      {footer?.(record)}
    </Box>
  );
}

type DetailFormBodyProps = Pick<
  DetailPageProps,
  | 'entity'
  | 'afterDelete'
  | 'invalidFormAlert'
  | 'title'
  | 'documentTitle'
  | 'subtitle'
  | 'leadingHeaderActions'
  | 'headerActions'
  | 'children'
> & { record: RaRecord; deleteQuestion: string };

/** Inside the record's form: the header, the cards and the delete confirmation. */
function DetailFormBody({
  entity,
  record,
  deleteQuestion,
  afterDelete,
  invalidFormAlert = <InvalidFormWarning />,
  title,
  documentTitle,
  subtitle,
  leadingHeaderActions,
  headerActions,
  children,
}: DetailFormBodyProps) {
  const confirm = useDeleteConfirmation(entity, record, deleteQuestion);
  const leave = useLeaveAfterDelete(afterDelete);
  const { reset } = useFormContext();
  const { deleteRecord, isPending: deleting } = useDeleteRecord(entity.name, record, {
    onSettled: confirm.close,
    // Unsaved edits of a deleted record are moot: leaving must not ask about them.
    onDeleted: () => {
      reset();
      leave();
    },
  });

  return (
    <>
      {invalidFormAlert}
      <DetailHeader
        title={title ? title(record) : record.name}
        documentTitle={documentTitle?.(record)}
        subtitle={subtitle?.(record)}
        leadingActions={leadingHeaderActions?.(record)}
        actions={headerActions?.(record)}
        // A record the API does not delete (an agreement: cancelled instead) offers no Delete.
        onDelete={entity.routes?.delete === false ? undefined : confirm.ask}
      />
      {children(record)}
      <ConfirmDialog
        open={confirm.isOpen}
        message={confirm.message}
        blockedReason={confirm.blockedReason}
        isPending={deleting}
        onConfirm={deleteRecord}
        onClose={confirm.close}
      />
    </>
  );
}

/**
 * After a successful save the form starts afresh from the saved record. Reloads keep dirty
 * fields (KEEP_EDITS_ON_RELOAD), which would otherwise leave the just-saved fields marked as
 * unsaved. Runs before the form's own reset (a child's effects run first).
 */
function CleanAfterSave({ justSaved }: { justSaved: MutableRefObject<boolean> }) {
  const record = useRecordContext();
  const { reset } = useFormContext();
  useEffect(() => {
    if (!justSaved.current || !record) return;
    justSaved.current = false;
    reset(record);
  }, [record, reset, justSaved]);
  return null;
}
