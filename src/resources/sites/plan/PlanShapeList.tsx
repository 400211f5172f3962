import { Box, IconButton, List, ListItem, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { PLAN_KIND_LABELS, SHAPE_NAME_MAX, shapeMeasureWords, type PlanFeature } from '../../../domain/sitePlan';
import { KIND_COLORS } from './planLayers';

interface PlanShapeListProps {
  /** Measured at the plan's scale (measuredFeature). */
  shapes: readonly PlanFeature[];
  onRename: (id: string, name: string) => void;
  onRemove: (id: string) => void;
  /** The shape just drawn, whose name field takes the focus. */
  focusId?: string | null;
}

/** The plan's shapes beside the map: each one's name (renamed in place), what it measures, and Delete. */
export function PlanShapeList({ shapes, onRename, onRemove, focusId }: PlanShapeListProps) {
  if (shapes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No shapes yet: draw an area, a line or a point on the plan.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Plan shapes">
      {shapes.map((shape) => {
        const { kind, name } = shape.properties;
        return (
          <ListItem
            key={shape.id}
            disableGutters
            secondaryAction={
              <IconButton edge="end" aria-label={`Delete ${name || PLAN_KIND_LABELS[kind]}`} onClick={() => onRemove(shape.id)}>
                <DeleteIcon />
              </IconButton>
            }
            sx={{ gap: 1, pr: 6 }}
          >
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: kind === 'point' ? '50%' : 0.5, bgcolor: KIND_COLORS[kind], flex: 'none' }}
            />
            <TextField
              size="small"
              variant="standard"
              value={name}
              // The shape just drawn: its name is what the user types next.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={shape.id === focusId}
              onChange={(event) => onRename(shape.id, event.target.value)}
              // The card sits in the site's form: Enter here names the shape, it does not save the site.
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              slotProps={{ htmlInput: { 'aria-label': `${PLAN_KIND_LABELS[kind]} name`, maxLength: SHAPE_NAME_MAX } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap', minWidth: 80, textAlign: 'right' }}>
              {shapeMeasureWords(shape) || (kind === 'point' ? '' : '—')}
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
