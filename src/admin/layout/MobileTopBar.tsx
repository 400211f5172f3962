import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { useLogout } from 'react-admin';
import { Logo } from './Logo';
import { NavigationItem } from './NavigationItem';
import type { NavigationEntry } from '../generic/navigationEntry';

/** Mobile navigation: a top bar whose entries fold out under it (SPEC §2). */
export function MobileTopBar({ entries }: { entries: readonly NavigationEntry[] }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);
  return (
    <AppBar position="sticky" sx={{ bgcolor: 'primary.dark' }}>
      <Toolbar sx={{ justifyContent: 'space-between' }}>
        <Logo linked={open} showName />
        <IconButton
          color="inherit"
          onClick={() => setOpen(!open)}
          aria-label={open ? 'Close navigation menu' : 'Open navigation menu'}
          aria-expanded={open}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
      </Toolbar>
      <Collapse in={open} unmountOnExit>
        <Box component="nav" aria-label="Main navigation">
          <List>
            {entries
              .filter((entry) => !entry.desktopOnly)
              .map((entry) => (
                <NavigationItem key={entry.to} label={entry.label} icon={entry.icon} to={entry.to} onClick={close} showLabel />
              ))}
            <NavigationItem
              label="Sign Out"
              icon={LogoutIcon}
              onClick={() => {
                close();
                logout();
              }}
              showLabel
            />
          </List>
        </Box>
      </Collapse>
    </AppBar>
  );
}
