import type { ReactNode } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import StraightenIcon from '@mui/icons-material/Straighten';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import PlaceIcon from '@mui/icons-material/Place';
import EditIcon from '@mui/icons-material/Edit';
import type { PlanTool } from './PlanMap';
import { PlanUploadButton } from './PlanUploadButton';

/** A tool's word beside its icon; on a phone the icons alone fit (each button keeps its name). */
const ToolLabel = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.5 }}>
    {children}
  </Box>
);

interface SitePlanToolbarProps {
  tool: PlanTool | null;
  onTool: (tool: PlanTool | null) => void;
  hasImage: boolean;
  uploading: boolean;
  onUpload: (file: File) => void;
  onBlankGrid: () => void;
}

/** The plan's tools: its background, the scale, and what a click on the map draws. */
export function SitePlanToolbar({ tool, onTool, hasImage, uploading, onUpload, onBlankGrid }: SitePlanToolbarProps) {
  return (
    <Stack direction="row" flexWrap="wrap" gap={1} alignItems="center" role="toolbar" aria-label="Plan tools">
      <PlanUploadButton label={hasImage ? 'Replace Plan' : 'Upload Plan'} disabled={uploading} onFile={onUpload} />
      {hasImage && (
        <Button startIcon={<GridOnIcon />} onClick={onBlankGrid}>
          Blank Grid
        </Button>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={tool}
        onChange={(_event, value: PlanTool | null) => onTool(value)}
        aria-label="Drawing tool"
      >
        <ToggleButton value="scale" aria-label="Set Scale">
          <StraightenIcon fontSize="small" />
          <ToolLabel>Set Scale</ToolLabel>
        </ToggleButton>
        <ToggleButton value="area" aria-label="Draw Area">
          <PentagonOutlinedIcon fontSize="small" />
          <ToolLabel>Area</ToolLabel>
        </ToggleButton>
        <ToggleButton value="line" aria-label="Draw Line">
          <TimelineIcon fontSize="small" />
          <ToolLabel>Line</ToolLabel>
        </ToggleButton>
        <ToggleButton value="point" aria-label="Draw Point">
          <PlaceIcon fontSize="small" />
          <ToolLabel>Point</ToolLabel>
        </ToggleButton>
        <ToggleButton value="edit" aria-label="Edit Shapes">
          <EditIcon fontSize="small" />
          <ToolLabel>Edit</ToolLabel>
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
