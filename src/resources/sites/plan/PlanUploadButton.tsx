import type { ChangeEvent } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';

/** What the file picker offers: the photo formats the server takes, and a PDF (its first page). */
export const PLAN_FILE_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

interface PlanUploadButtonProps {
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** Picks the plan's file: an image, or a PDF whose first page the server makes the image. */
export function PlanUploadButton({ label, disabled, onFile }: PlanUploadButtonProps) {
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again is a new choice
    if (file) onFile(file);
  };
  return (
    <Button component="label" startIcon={<UploadIcon />} disabled={disabled}>
      {label}
      <input hidden type="file" accept={PLAN_FILE_TYPES} aria-label="Plan file" onChange={pick} />
    </Button>
  );
}
