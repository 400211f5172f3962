import ListItem from '@mui/material/ListItem';
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
  // The page's focus ring is dark; on the dark navigation it is white.
  '&.Mui-focusVisible, &:focus-visible': { outline: '2px solid #ffffff', outlineOffset: -4 },
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 38 },
} as const;

/** One entry of the navigation list: an <li> holding its link (or the Sign Out button). */
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
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {showLabel ? (
        button
      ) : (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      )}
    </ListItem>
  );
}
