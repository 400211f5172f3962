import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { FormSaveButton } from '../forms/FormSaveButton';

interface DetailHeaderProps {
  title: ReactNode;
  /** Under the title, e.g. a link to the parent record. */
  subtitle?: ReactNode;
  onDelete: () => void;
  /** More buttons, between Delete and Save (e.g. Archive). */
  actions?: ReactNode;
}

/** A detail page's heading with its Delete and Save buttons; placed inside the record's <Form>. */
export function DetailHeader({ title, subtitle, onDelete, actions }: DetailHeaderProps) {
  const heading = (
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
  );
  return (
    <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
      {subtitle === undefined ? (
        heading
      ) : (
        <Box>
          {heading}
          {subtitle}
        </Box>
      )}
      <Stack direction="row" spacing={1}>
        <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={onDelete}>
          Delete
        </Button>
        {actions}
        <FormSaveButton />
      </Stack>
    </Stack>
  );
}
