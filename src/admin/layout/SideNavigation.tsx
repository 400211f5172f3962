import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useSidebarState } from 'react-admin';
import { NAV_WIDTH_COLLAPSED, NAV_WIDTH_EXPANDED } from '../../domain/constants';
import { Logo } from './Logo';
import { NavigationItem } from './NavigationItem';
import type { NavigationEntry } from '../generic/navigationEntry';

/** Desktop side navigation: 70px of icons, or 210px with labels (SPEC §2, §9). */
export function SideNavigation({ entries }: { entries: readonly NavigationEntry[] }) {
  const [open, setOpen] = useSidebarState();
  const logout = useLogout();
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={(theme) => ({
        width: open ? NAV_WIDTH_EXPANDED : NAV_WIDTH_COLLAPSED,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowX: 'hidden',
        overflowY: 'auto',
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      })}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: open ? 'row' : 'column',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: open ? 2 : 0,
          py: 1.5,
        }}
      >
        <Logo linked={open} showName={open} />
        <IconButton
          color="inherit"
          onClick={() => setOpen(!open)}
          aria-label={open ? 'Collapse navigation' : 'Expand navigation'}
          aria-expanded={open}
        >
          {open ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
      </Box>
      <List sx={{ px: open ? 0 : 0.5 }}>
        {entries.map((entry) => (
          <NavigationItem key={entry.to} label={entry.label} icon={entry.icon} to={entry.to} showLabel={open} />
        ))}
        <NavigationItem label="Sign Out" icon={LogoutIcon} onClick={() => logout()} showLabel={open} />
      </List>
    </Box>
  );
}
