import { useState } from 'react';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import DownloadIcon from '@mui/icons-material/Download';
import { useFileDownload } from '../../../admin/downloads/useFileDownload';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useDataProvider, useNotify } from 'react-admin';
import { entityByName } from '../../../schema';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KIND_LABELS,
  type CustomFieldDefinition,
  type CustomFieldEntity,
} from '../../../schema/customFields';
import { deleteCustomField } from '../../../schema/actions/customFields';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useCustomFields } from '../../../admin/customFields/useCustomFields';
import { useActionInvalidation, useApiAction } from '../../../admin/actions/useApiAction';
import { useAction } from '../../../admin/alerts/useAction';
import { ConfirmDialog } from '../../../admin/forms/ConfirmDialog';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../../admin/lists/columns';
import { AdminOnlyButton, AdminOnlyNotice } from '../AdminOnly';
import { useAccess } from '../../../admin/auth/useAccess';
import { CustomFieldDialog } from './CustomFieldDialog';
import { CustomFieldChanges } from './CustomFieldChanges';

const entityLabel = (entity: CustomFieldEntity) => {
  const plural = entityByName(entity).plural;
  return plural.charAt(0).toUpperCase() + plural.slice(1);
};

const where = (field: CustomFieldDefinition) =>
  [field.required && 'Required', field.showInList && 'In list', field.filterable && 'Filterable', field.printOnProposal && 'Printed']
    .filter(Boolean)
    .join(', ');

/**
 * Settings › Fields (issue 38): the fields an admin adds to customers, contacts, sites,
 * estimates and catalogue items, in the order their forms show them; staff read them.
 */
export function FieldsTab() {
  const [entity, setEntity] = useState<CustomFieldEntity>('customers');
  const { data: fields = [], isPending } = useCustomFields(entity);
  const { isAdmin } = useAccess();
  const dialog = useDialogState();
  const [editing, setEditing] = useState<CustomFieldDefinition | null>(null);
  const confirm = useDialogState();
  const [deleting, setDeleting] = useState<CustomFieldDefinition | null>(null);
  const reorder = useApiAction('reorderCustomFields');
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useActionInvalidation();
  const notify = useNotify();
  const { download, busy } = useFileDownload();

  // Dragged by its label onto another field's place, or moved a place with the arrows (the keyboard's way).
  const [dragged, setDragged] = useState<number | null>(null);
  const move = useAction(async (id: number, to: number) => {
    const ids = fields.map((f) => f.id).filter((other) => other !== id);
    ids.splice(to, 0, id);
    await reorder.mutateAsync([{ entity, ids }]);
  });
  const dropOn = (target: CustomFieldDefinition) => {
    if (dragged !== null && dragged !== target.id) move.run(dragged, fields.indexOf(target));
    setDragged(null);
  };
  // The question says the values go too: the confirmed delete is the server's `confirm=true`.
  const remove = useAction(async (field: CustomFieldDefinition) => {
    const path = deleteCustomField.path.replace(':id', String(field.id));
    const { deletedValues } = await dataProvider.request<{ deletedValues: number }>('DELETE', `${path}?confirm=true`);
    await invalidate('deleteCustomField');
    notify(deletedValues ? `Field Deleted with ${deletedValues} value${deletedValues === 1 ? '' : 's'}` : 'Field Deleted', {
      type: 'success',
    });
    confirm.close();
  });

  const open = (field: CustomFieldDefinition | null) => {
    setEditing(field);
    dialog.open(true);
  };
  const columns: ListColumn<CustomFieldDefinition>[] = [
    {
      source: 'label',
      label: 'Label',
      render: (field) => (
        <Box
          draggable={isAdmin}
          onDragStart={(event) => {
            event.dataTransfer.setData('text/plain', String(field.id));
            setDragged(field.id);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            dropOn(field);
          }}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, cursor: isAdmin ? 'grab' : undefined }}
        >
          {isAdmin && <DragIndicatorIcon fontSize="small" color="action" aria-hidden />}
          {field.label}
        </Box>
      ),
    },
    { source: 'key', label: 'Key', render: (field) => `custom.${field.key}` },
    { source: 'kind', label: 'Kind', render: (field) => CUSTOM_FIELD_KIND_LABELS[field.kind] },
    { source: 'where', label: 'Settings', render: where },
    {
      source: 'actions',
      label: 'Actions',
      render: (field) => {
        const index = fields.indexOf(field);
        return (
          <Stack direction="row" spacing={1} alignItems="center">
            <Tooltip title="Move up">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Move ${field.label} up`}
                  disabled={!isAdmin || index === 0 || move.isPending}
                  onClick={() => move.run(field.id, index - 1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Move ${field.label} down`}
                  disabled={!isAdmin || index === fields.length - 1 || move.isPending}
                  onClick={() => move.run(field.id, index + 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <AdminOnlyButton size="small" onClick={() => open(field)} aria-label={`Edit ${field.label}`}>
              Edit
            </AdminOnlyButton>
            <AdminOnlyButton
              size="small"
              color="error"
              onClick={() => {
                setDeleting(field);
                confirm.open(true);
              }}
              aria-label={`Delete ${field.label}`}
            >
              Delete
            </AdminOnlyButton>
          </Stack>
        );
      },
    },
  ];

  return (
    <>
      <AdminOnlyNotice />
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <TextField
          select
          size="small"
          label="Fields of"
          fullWidth={false}
          sx={{ width: 240 }}
          value={entity}
          onChange={(event) => setEntity(event.target.value as CustomFieldEntity)}
        >
          {CUSTOM_FIELD_ENTITIES.map((name) => (
            <MenuItem key={name} value={name}>
              {entityLabel(name)}
            </MenuItem>
          ))}
        </TextField>
        <AdminOnlyButton variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
          Add Field
        </AdminOnlyButton>
      </Stack>
      <RecordDataTable<CustomFieldDefinition>
        columns={columns}
        rows={fields}
        isPending={isPending}
        emptyText={`No fields of your own on ${entityByName(entity).plural} yet.`}
        aria-label="Custom fields"
      />
      <CustomFieldChanges entity={entity} />
      <CustomFieldDialog
        key={`${entity}-${editing?.id ?? 'new'}-${dialog.isOpen}`}
        entity={entity}
        field={editing}
        open={dialog.isOpen}
        onClose={dialog.close}
      />
      <ConfirmDialog
        open={confirm.isOpen}
        title="Delete Field"
        confirmLabel="Delete"
        message={
          deleting
            ? `Delete the field ${deleting.label}? The values ${entityByName(entity).plural} hold in it are deleted with it: export the ${entityByName(entity).plural} first if you need them.`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.run(deleting)}
        onClose={confirm.close}
        beforeDeciding={
          <Button
            startIcon={<DownloadIcon />}
            disabled={busy}
            onClick={() => void download(`/${entityByName(entity).route}/export`, { format: 'csv' })}
          >
            Export {entityByName(entity).plural}
          </Button>
        }
      />
    </>
  );
}
