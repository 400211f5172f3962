import { useState } from 'react';
import { Box, CircularProgress, Divider, Typography } from '@mui/material';
import { useGetManyReference, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { items, priceRules } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { orderPriceRules, type PriceRule } from '../../domain/priceRules';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { useDeleteInDialog } from '../../admin/forms/useDeleteInDialog';
import { useSaveRecord } from '../../admin/forms/useSaveRecord';
import { ItemInputs } from './ItemInputs';
import { CustomFieldInputs } from '../../admin/customFields/CustomFieldsCard';
import { PriceRulePreview } from './PriceRulePreview';
import { PriceRulesInput } from './PriceRulesInput';
import { itemAndRulesOf, RULES_SOURCE, validateItemForm } from './itemForm';

const screens = resolveScreens(items);

interface ItemEditorProps {
  /** The row clicked; null for New Item. */
  item: RaRecord | null;
  onClose: () => void;
}

/** The Item Editor modal (SPEC §2): Save, Delete (existing items) and Close, with the item's price rules. */
export function ItemEditor({ item, onClose }: ItemEditorProps) {
  const refresh = useRefresh();
  const notify = useNotify();
  const { data: rules, error } = useGetManyReference(
    priceRules.name,
    // perPage 0: no limit, all of the item's rules.
    { target: 'itemID', id: item?.id, pagination: { page: 1, perPage: 0 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: item !== null },
  );
  // The item and its rules as first loaded: a later refetch does not reset the form.
  const [record, setRecord] = useState<RaRecord>();
  if (!record && (item === null || rules)) {
    setRecord({ ...(item ?? {}), [RULES_SOURCE]: item ? orderPriceRules(rules as unknown as PriceRule[]) : [] } as RaRecord);
  }
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
  const deletion = useDeleteInDialog(items.name, item, screens.deleteQuestion, () => {
    notify('Item Deleted', { type: 'success' });
    onClose();
  });
  const loading = error ? (
    <Typography color="error">The item's price rules could not be loaded.</Typography>
  ) : (
    <CircularProgress aria-label="Loading price rules" />
  );
  return (
    <RecordDialog
      titleId="item-editor-title"
      title={item ? 'Edit Item' : screens.newTitle}
      onClose={onClose}
      maxWidth="md"
      record={record}
      validate={validateItemForm}
      onSubmit={save}
      pending={record ? undefined : loading}
      {...deletion}
    >
      <ItemInputs />
      <CustomFieldInputs entity="itemCatalog" />
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
    </RecordDialog>
  );
}
