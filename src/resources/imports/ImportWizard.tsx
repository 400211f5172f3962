import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { Link } from 'react-router-dom';
import { IMPORT_KIND_LABELS, IMPORT_KINDS, type DuplicateMode, type ImportKind, type ImportMapping } from '../../domain/importing/targets';
import { importMessages } from '../../domain/importing/importStatus';
import { readAsBase64, useImportActions, type ImportPreview, type ImportResult, type UploadedImport } from './useImports';
import { ImportPreviewTables } from './ImportPreviewTables';
import { ImportMappingStep } from './ImportMappingStep';
import { JobProgressBar } from '../../admin/jobs/JobProgressBar';
import { useCancelJob, useJob } from '../../admin/jobs/useJob';

const STEPS = ['File', 'Mapping', 'Preview', 'Done'];

/** Where the imported records are listed. */
export const IMPORT_LIST_PATHS: Record<ImportKind, string> = {
  customers: '/customers',
  contacts: '/customers',
  sites: '/sites',
  items: '/itemCatalog',
};

interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
  /** The kind chosen beforehand (an Import button on a list). */
  kind?: ImportKind;
}

/**
 * The import wizard (issue 25): 1 the kind and the file, 2 the mapping (preselected from the
 * server's suggestion) and what to do with duplicates, 3 the preview, 4 the commit's counts.
 * The commit is a job (issue 36): its bar moves on the preview step, which can stop it; closed
 * meanwhile, the wizard leaves it running and Settings › Import follows it.
 */
export function ImportWizard({ open, onClose, kind: preset }: ImportWizardProps) {
  const { upload, preview, commit, refresh } = useImportActions();
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<ImportKind>(preset ?? 'customers');
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedImport | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [shown, setShown] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [readJobID, setReadJobID] = useState<number | null>(null);
  const [commitJobID, setCommitJobID] = useState<number | null>(null);
  const readJob = useJob(readJobID).data;
  const commitJob = useJob(commitJobID).data;
  const cancelJob = useCancelJob();
  const reading = readJobID !== null;
  const committing = commitJobID !== null;
  const busy = upload.isPending || preview.isPending || commit.isPending || reading || committing;
  const fileInput = useRef<HTMLInputElement>(null);

  // The file is read by a job (issue 36): its result is the mapping step's, its failure why the file was refused.
  useEffect(() => {
    if (!readJob || readJob.id !== readJobID) return;
    if (readJob.status === 'done') {
      const read = readJob.result as UploadedImport;
      setUploaded(read);
      setMapping(read.suggestedMapping);
      setStep(1);
    } else if (readJob.status === 'failed' || readJob.status === 'cancelled') setError(readJob.error ?? importMessages.unreadable);
    else return;
    setReadJobID(null);
  }, [readJob, readJobID]);

  useEffect(() => {
    if (!commitJob || commitJob.id !== commitJobID) return;
    if (commitJob.status === 'done') {
      setResult(commitJob.result as ImportResult);
      setStep(3);
    } else if (commitJob.status === 'failed') setError(commitJob.error ?? importMessages.writeFailed);
    else if (commitJob.status === 'cancelled') setNotice(importMessages.cancelled);
    else return;
    setCommitJobID(null);
    void refresh();
  }, [commitJob, commitJobID, refresh]);

  const close = () => {
    setStep(0);
    setFile(null);
    setUploaded(null);
    setShown(null);
    setResult(null);
    setError(null);
    setNotice(null);
    setReadJobID(null);
    setCommitJobID(null);
    onClose();
  };

  /** A step's call, then the next step; a refusal is shown above the step, which stays. */
  const advance = (next: number, work: () => Promise<void>) => async () => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setStep(next);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const sendFile = async () => {
    setError(null);
    setNotice(null);
    try {
      setReadJobID((await upload.mutateAsync([{ kind, fileName: file!.name, content: await readAsBase64(file!) }])).jobID);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const showPreview = advance(2, async () => setShown(await preview.mutateAsync([uploaded!.id, { mapping, duplicates }])));
  const commitImport = async () => {
    setError(null);
    setNotice(null);
    try {
      setCommitJobID((await commit.mutateAsync([uploaded!.id])).jobID);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const stopCommit = async () => {
    try {
      await cancelJob(commitJobID!);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy && !committing && !reading ? undefined : close}
      maxWidth="md"
      fullWidth
      aria-labelledby="import-wizard-title"
    >
      <DialogTitle id="import-wizard-title">Import</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {notice && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {reading && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <JobProgressBar
              label={`Reading ${file?.name ?? 'the file'}`}
              progress={readJob?.progress ?? { done: null, total: null, phase: null }}
            />
          </Stack>
        )}
        {committing && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Typography>Importing {file?.name ?? 'the file'}… Closing this leaves it running: Settings › Import follows it.</Typography>
            <JobProgressBar
              label={`Import of ${file?.name ?? 'the file'}`}
              progress={commitJob?.progress ?? { done: null, total: null, phase: null }}
              showTimeLeft
            />
          </Stack>
        )}
        {step === 0 && (
          <Stack spacing={2}>
            <TextField
              select
              label="What to import"
              value={kind}
              onChange={(e) => setKind(e.target.value as ImportKind)}
              disabled={Boolean(preset)}
            >
              {IMPORT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {IMPORT_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            {/* A real button (Tab, Enter, Space) that opens the hidden input's chooser: a <label> styled
                as a button is no Tab stop, so nobody without a mouse could import (issue 35). */}
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
              {file ? file.name : 'Choose a CSV or XLSX file'}
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              aria-label="File"
              accept=".csv,.txt,.xlsx,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Typography variant="body2" color="text.secondary">
              CSV (comma, semicolon or tab; UTF-8 or Windows-1252) or XLSX (the first sheet), up to 10 MB and 50,000 rows.
            </Typography>
          </Stack>
        )}
        {step === 1 && uploaded && (
          <ImportMappingStep
            uploaded={uploaded}
            kind={kind}
            mapping={mapping}
            onMappingChange={setMapping}
            duplicates={duplicates}
            onDuplicatesChange={setDuplicates}
          />
        )}
        {step === 2 && shown && <ImportPreviewTables preview={shown} kind={kind} />}
        {step === 3 && result && (
          <Stack spacing={1}>
            <Typography>
              {result.created.toLocaleString('en-US')} created, {result.updated.toLocaleString('en-US')} updated,{' '}
              {result.skipped.toLocaleString('en-US')} skipped.
            </Typography>
            <Typography variant="body2">
              <Link to={IMPORT_LIST_PATHS[kind]} onClick={close}>
                See the records
              </Link>{' '}
              — Settings › Import lists every import and can undo it.
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {(step === 1 || step === 2) && (
          <Button onClick={() => setStep(step - 1)} disabled={busy}>
            Back
          </Button>
        )}
        {committing && <Button onClick={stopCommit}>Stop Import</Button>}
        <Button onClick={close} disabled={busy && !committing && !reading}>
          {step === 3 || committing ? 'Close' : 'Cancel'}
        </Button>
        {step === 0 && (
          <Button variant="contained" disabled={!file || busy} onClick={sendFile}>
            Upload
          </Button>
        )}
        {step === 1 && (
          <Button variant="contained" disabled={busy} onClick={showPreview}>
            Preview
          </Button>
        )}
        {step === 2 && (
          <Button variant="contained" disabled={busy || !shown || shown.valid === 0} onClick={commitImport}>
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
