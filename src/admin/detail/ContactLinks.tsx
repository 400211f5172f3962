import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { RaRecord } from 'react-admin';
import type { ListColumn } from '../lists/columns';
import { addressLine, mailtoHref, mapsHref, telHref, type PostalAddress } from '../../domain/contactLinks';

/**
 * A link inside a clickable row (a list's row opens its record): following it must not also
 * open the row, by click or by Enter.
 */
const keepInRow = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

function RowSafeLink({ href, children, newTab = false, label }: { href: string; children: ReactNode; newTab?: boolean; label?: string }) {
  return (
    <Link
      href={href}
      onClick={keepInRow}
      onKeyDown={keepInRow}
      aria-label={label}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Link>
  );
}

/** A phone (with its extension) to call, e.g. tel:+16095550142;ext=204, showing `children`. Plain text when not a number. */
export function PhoneLink({ phone, extension, children }: { phone: unknown; extension?: unknown; children: ReactNode }) {
  const href = telHref(phone, extension);
  return href ? <RowSafeLink href={href}>{children}</RowSafeLink> : <>{children}</>;
}

/** An email to write to (mailto:). Plain text when it is not an address. */
export function EmailLink({ email }: { email: unknown }) {
  const href = mailtoHref(email);
  return href ? <RowSafeLink href={href}>{String(email)}</RowSafeLink> : <>{(email as string | null) ?? ''}</>;
}

interface MapLinkProps {
  address: PostalAddress;
  /** What the link shows; the address on one line unless given. */
  children?: ReactNode;
}

/** An address opened on a map in a new tab (a maps search: nothing is loaded into the app). */
export function MapLink({ address, children }: MapLinkProps) {
  const href = mapsHref(address);
  const shown = children ?? addressLine(address);
  if (!href) return <>{shown}</>;
  return (
    <RowSafeLink href={href} newTab label={`${addressLine(address)} (opens a map in a new tab)`}>
      {shown}
    </RowSafeLink>
  );
}

/** Beside an address being edited: 'Open in Maps' for the address as it stands. */
export function OpenInMapsLink({ address }: { address: PostalAddress }) {
  const href = mapsHref(address);
  if (!href) return null;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      Open in Maps
      <OpenInNewIcon fontSize="inherit" aria-hidden />
    </Link>
  );
}

/** A list's columns with the address 1 cell opening the row's whole address on a map (not the row). */
export function withAddressMapLink(columns: ListColumn<RaRecord>[]): ListColumn<RaRecord>[] {
  return columns.map((column) =>
    column.source === 'address1'
      ? { ...column, render: (record: RaRecord) => <MapLink address={record as PostalAddress}>{record.address1}</MapLink> }
      : column,
  );
}
