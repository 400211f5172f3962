import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import type { Identifier, RaRecord } from 'react-admin';
import { estimates } from '../../../schema';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import { useConfirmDiscard } from '../../../admin/forms/useConfirmDiscard';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { TemplateGenerator } from './TemplateGenerator';
import { useCloneWorkArea } from './useCloneWorkArea';
import { useEstimateWorkAreas } from './useEstimateWorkAreas';
import { workAreaColumnsWithMargin } from './workAreaColumns';
import { useProfitability } from '../pricing/useProfitability';
import { WorkAreaEditor } from './WorkAreaEditor';
import { WorkAreaItemsPanel } from '../items/WorkAreaItemsPanel';
import { NOTES_ANCHOR_ID, WorkAreaNotes } from '../notes/WorkAreaNotes';
import { isSnowSheet } from '../../../domain/snowPricing';
import { PastWintersCost } from './snow/PastWintersCost';

/**
 * The work areas panel of the estimate detail page (SPEC §2, §4): the estimate's areas; a
 * click selects one (a second click deselects). Selected: Clone, Edit, its items, what its
 * snow sheet would have cost in the site's past winters (issue 41) and its notes. None selected: New and Generate Template. Unsaved notes are never dropped silently
 * by selecting another area: that asks the question of any unsaved input first (useConfirmDiscard).
 */
export function WorkAreasPanel({ estimate }: { estimate: Pick<RaRecord, 'id'> & { version?: unknown; siteID?: Identifier | null } }) {
  const { data: areas, isPending } = useEstimateWorkAreas(estimate.id);
  const { data: profitability } = useProfitability(estimate.id, estimate.version);
  const columns = useMemo(() => workAreaColumnsWithMargin(profitability?.areas), [profitability]);
  const [selectedId, setSelectedId] = useState<Identifier | null>(null);
  const selected = areas?.find((area) => area.id === selectedId) ?? null;
  const notesDirty = useRef(false);
  const reportNotesDirty = useCallback((dirty: boolean) => {
    notesDirty.current = dirty;
  }, []);
  const confirmDiscard = useConfirmDiscard();
  const select = (id: Identifier | null) => {
    if (notesDirty.current && id !== selectedId && !confirmDiscard()) return;
    setSelectedId(id);
  };

  const editor = useDialogState<'new' | 'edit'>();
  const templates = useDialogState();
  const { clone, isPending: cloning } = useCloneWorkArea(select);

  return (
    // The page puts it in its #work-areas section (src/resources/estimates/EstimateEdit.tsx).
    <Card>
      <CardHeader
        title="Work Areas"
        slotProps={{ title: { component: 'h2' } }}
        action={
          <Stack role="toolbar" aria-label="Work area actions" direction="row" flexWrap="wrap" justifyContent="flex-end" gap={1}>
            {selected ? (
              <>
                <Button startIcon={<ContentCopyIcon />} onClick={() => void clone(selected.id)} disabled={cloning}>
                  Clone
                </Button>
                <Button variant="contained" startIcon={<EditIcon />} onClick={() => editor.open('edit')}>
                  Edit
                </Button>
              </>
            ) : (
              <>
                <Button startIcon={<PlaylistAddIcon />} onClick={() => templates.open(true)}>
                  Generate Template
                </Button>
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.open('new')}>
                  New
                </Button>
              </>
            )}
          </Stack>
        }
        // On a phone the buttons go under the title and wrap, inside the card (never clipped).
        sx={{
          flexWrap: 'wrap',
          rowGap: 1,
          '& .MuiCardHeader-action': { alignSelf: 'center', m: 0, maxWidth: '100%', minWidth: 0 },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <RecordDataTable
          columns={columns}
          rows={areas}
          isPending={isPending}
          selectedId={selected?.id ?? null}
          onRowClick={(area) => select(area.id === selected?.id ? null : area.id)}
          emptyText="No work areas yet: add one with New, or Generate Template."
          aria-label="Work Areas"
        />
        {selected ? (
          <>
            <WorkAreaItemsPanel key={`items-${selected.id}`} area={selected} siteId={estimate.siteID} />
            {isSnowSheet(selected.snowPricing) && (
              <PastWintersCost key={`winters-${selected.id}`} sheet={selected.snowPricing} siteId={estimate.siteID} />
            )}
            <WorkAreaNotes
              key={`notes-${selected.id}`}
              area={selected}
              onDirtyChange={reportNotesDirty}
              screenPathname={`/${estimates.route}/${estimate.id}/`}
            />
          </>
        ) : (
          <Box id={NOTES_ANCHOR_ID} sx={{ mt: 2, scrollMarginTop: 16 }}>
            <Typography variant="body2" color="text.secondary">
              Select a work area to see its items and notes.
            </Typography>
          </Box>
        )}
      </CardContent>
      {(editor.value === 'new' || (editor.value === 'edit' && selected)) && (
        <WorkAreaEditor
          estimateId={estimate.id}
          siteId={estimate.siteID}
          area={editor.value === 'edit' ? selected : null}
          onClose={editor.close}
          onSaved={(area) => {
            const created = editor.value === 'new';
            editor.close();
            // A new area opens at once, ready for its items.
            if (created) select(area.id);
          }}
          onDeleted={() => {
            editor.close();
            setSelectedId(null);
          }}
        />
      )}
      {templates.isOpen && <TemplateGenerator estimateId={estimate.id} onClose={templates.close} />}
    </Card>
  );
}
