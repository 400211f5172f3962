import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';

interface NavigationItemProps {
  label: string;
  icon: ComponentType;
  /** A route to link to, or an action (Sign Out). */
  to?: string;
  onClick?: () => void;
  /** Collapsed navigation shows the icon only, with the label as tooltip and accessible name. */
  showLabel: boolean;
}

const itemSx = {
  minHeight: 48,
  color: 'inherit',
  '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)', fontWeight: 'bold' },
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 38 },
} as const;

export function NavigationItem({ label, icon: Icon, to, onClick, showLabel }: NavigationItemProps) {
  const linkProps = to ? { component: NavLink, to } : {};
  const button = (
    <ListItemButton {...linkProps} onClick={onClick} aria-label={showLabel ? undefined : label} sx={itemSx}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      {showLabel && <ListItemText primary={label} />}
    </ListItemButton>
  );
  if (showLabel) return button;
  return (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  );
}
