import { useState } from 'react';
import { Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { Form, useDelete, useGetManyReference, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { items, priceRules } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { orderPriceRules, type PriceRule } from '../../domain/priceRules';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { GuardedDialog, useGuardedClose } from '../../admin/forms/GuardedDialog';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { InvalidFormWarning } from '../../admin/forms/InvalidFormWarning';
import { ItemInputs } from './ItemInputs';
import { PriceRulePreview } from './PriceRulePreview';
import { PriceRulesInput } from './PriceRulesInput';
import { itemAndRulesOf, RULES_SOURCE, validateItemForm } from './itemForm';
import { useSaveRecord } from '../../admin/forms/useSaveRecord';

const screens = resolveScreens(items);
const DELETE_ITEM_QUESTION = screens.deleteQuestion;

interface ItemEditorProps {
  /** The row clicked; null for New Item. */
  item: RaRecord | null;
  onClose: () => void;
}

/** The Item Editor modal (SPEC §2): Save, Delete (existing items) and Close, with the item's price rules. */
export function ItemEditor({ item, onClose }: ItemEditorProps) {
  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth="md" aria-labelledby="item-editor-title">
      <DialogTitle id="item-editor-title">{item ? 'Edit Item' : screens.newTitle}</DialogTitle>
      {item ? <ExistingItemForm item={item} onClose={onClose} /> : <ItemForm item={null} rules={[]} onClose={onClose} />}
    </GuardedDialog>
  );
}

function ExistingItemForm({ item, onClose }: { item: RaRecord; onClose: () => void }) {
  const {
    data: rules,
    isPending,
    error,
  } = useGetManyReference(priceRules.name, {
    target: 'itemID',
    id: item.id,
    // perPage 0: no limit, all of the item's rules.
    pagination: { page: 1, perPage: 0 },
    sort: { field: 'id', order: 'ASC' },
  });
  if (error) {
    return (
      <DialogContent>
        <Typography color="error">The item's price rules could not be loaded.</Typography>
      </DialogContent>
    );
  }
  if (isPending) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading price rules" />
      </DialogContent>
    );
  }
  return <ItemForm item={item} rules={orderPriceRules(rules as unknown as PriceRule[])} onClose={onClose} />;
}

function ItemForm({ item, rules, onClose }: { item: RaRecord | null; rules: PriceRule[]; onClose: () => void }) {
  const refresh = useRefresh();
  const isNew = item === null;
  // One request: the item carries its rules as one set, written in one transaction (both or neither).
  const save = useSaveRecord(
    items.name,
    item,
    screens.savedMessage,
    () => {
      refresh();
      onClose();
    },
    { transform: itemAndRulesOf },
  );
  const [confirming, setConfirming] = useState(false);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const notify = useNotify();
  const [record] = useState(() => ({ ...(item ?? {}), [RULES_SOURCE]: rules }));
  // Close asks first over unsaved input; a save or a delete closes at once.
  const close = useGuardedClose(onClose);

  const remove = () => {
    if (!item) return;
    deleteOne(
      items.name,
      { id: item.id, previousData: item },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Item Deleted', { type: 'success' });
          setConfirming(false);
          onClose();
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <Form record={record} validate={validateItemForm} onSubmit={save} disableInvalidFormNotification>
      <UnsavedChangesGuard />
      <InvalidFormWarning />
      <DialogContent>
        <ItemInputs />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h2">
          Price Rules
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Rules set the unit price from the size typed on an estimate line. They are tried in the order shown; the first that gives a price
          wins.
        </Typography>
        <PriceRulesInput />
        <Box>
          <PriceRulePreview />
        </Box>
      </DialogContent>
      <DialogActions>
        {!isNew && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={deleting} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={close}>Close</Button>
        <FormSaveButton />
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        message={DELETE_ITEM_QUESTION}
        isPending={deleting}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Form>
  );
}
