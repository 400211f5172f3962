import type { ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { PageHeading } from '../layout/PageHeading';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormSaveButton } from '../forms/FormSaveButton';

interface DetailHeaderProps {
  title: ReactNode;
  /** The browser tab's name for the record, when the title is not plain text. */
  documentTitle?: string;
  /** Under the title, e.g. a link to the parent record. */
  subtitle?: ReactNode;
  /** Offers Delete when given. */
  onDelete?: () => void;
  /** Buttons before Delete (e.g. Print). */
  leadingActions?: ReactNode;
  /** More buttons, between Delete and Save (e.g. Archive). */
  actions?: ReactNode;
}

/** A detail page's heading with its Delete and Save buttons; placed inside the record's <Form>. */
export function DetailHeader({ title, documentTitle, subtitle, onDelete, leadingActions, actions }: DetailHeaderProps) {
  // Beside a long title the buttons keep to one line (the title wraps); on a phone or a narrow
  // window they go under the title and wrap, rather than pushing the page wider.
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      alignItems={{ xs: 'stretch', md: 'center' }}
      justifyContent="space-between"
      gap={{ xs: 1, md: 2 }}
      sx={{ mb: 2 }}
    >
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <PageHeading documentTitle={documentTitle}>{title}</PageHeading>
        {subtitle}
      </Box>
      <Stack direction="row" gap={1} flexWrap={{ xs: 'wrap', md: 'nowrap' }} sx={{ flexShrink: 0 }}>
        {leadingActions}
        {onDelete && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={onDelete}>
            Delete
          </Button>
        )}
        {actions}
        <FormSaveButton />
      </Stack>
    </Stack>
  );
}
