import { Typography } from '@mui/material';
import { useApiGet } from '../../../providers/useApiGet';
import { listCustomFieldChanges } from '../../../schema/actions/customFields';
import { CUSTOM_FIELDS_QUERY } from '../../../schema/actions/queryNames';
import type { CustomFieldEntity } from '../../../schema/customFields';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../../admin/lists/columns';
import { formatDateTime } from '../../../admin/lists/fieldCells';

interface FieldChange {
  id: number;
  at: string;
  label: string;
  action: 'added' | 'changed' | 'deleted' | 'reordered';
  changes: Record<string, [unknown, unknown]>;
  userName: string;
}

const SETTING_LABELS: Record<string, string> = {
  label: 'label',
  kind: 'kind',
  required: 'required',
  min: 'smallest',
  max: 'largest',
  choices: 'choices',
  showInList: 'shown in list',
  filterable: 'filterable',
  printOnProposal: 'printed',
  help: 'help',
  position: 'order',
  values: 'values',
};

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') || '—' : value === null || value === '' ? '—' : String(value));

/** What a change did, in words: 'required: false → true; choices: A, B → A, B, C'. */
function whatChanged(change: FieldChange): string {
  if (change.action === 'added') return 'Added';
  if (change.action === 'deleted') return `Deleted with ${shown(change.changes.values?.[0] ?? 0)} values`;
  return Object.entries(change.changes)
    .map(([setting, [before, after]]) => `${SETTING_LABELS[setting] ?? setting}: ${shown(before)} → ${shown(after)}`)
    .join('; ');
}

const columns: ListColumn<FieldChange>[] = [
  { source: 'at', label: 'When', render: (change) => formatDateTime(change.at) },
  { source: 'userName', label: 'Who', render: (change) => change.userName || '—' },
  { source: 'label', label: 'Field' },
  { source: 'changes', label: 'What changed', render: whatChanged },
];

/** Settings › Fields: who changed the entity's fields, when and how (issue 38: definitions are audited), newest first. */
export function CustomFieldChanges({ entity }: { entity: CustomFieldEntity }) {
  const changes = useApiGet<{ changes: FieldChange[] }, FieldChange[]>(
    [CUSTOM_FIELDS_QUERY, 'changes', entity],
    `${listCustomFieldChanges.path}?entity=${entity}`,
    { pick: (body) => body?.changes ?? [] },
  );
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        Changes
      </Typography>
      <RecordDataTable<FieldChange>
        columns={columns}
        rows={changes.data}
        isPending={changes.isPending}
        emptyText="No changes yet."
        aria-label="Changes of the fields"
      />
    </>
  );
}
